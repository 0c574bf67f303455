import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { UserRecord } from '../../../shared/schemas/usuarios';
import { useRestablecerMfa } from './hooks';

/** Staff: turn another user's second factor off; they sign in with the password and set it up again. */
export function RestablecerMfaDialog({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const reset = useRestablecerMfa();
  return (
    <ConfirmDialog
      open={!!user}
      title="Restablecer la verificación en dos pasos"
      danger
      busy={reset.isPending}
      confirmLabel="Restablecer"
      onConfirm={() => user && void reset.mutateAsync({ id: user.id }).then(onClose, () => undefined)}
      onClose={onClose}
    >
      Se desactiva la verificación en dos pasos de <strong>{user?.username}</strong> y se cierran sus sesiones. Tendrá que configurarla de nuevo (si su rol la
      exige, antes de cualquier otra cosa).
    </ConfirmDialog>
  );
}
