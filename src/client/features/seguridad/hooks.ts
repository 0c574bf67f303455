import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { session } from '../../session/store';
import { MF } from '../../../shared/messagesMfa';
import { errorMessage } from '../../lib/errors';

/**
 * Every mutation of Seguridad: each owns its toasts; those that end the other sessions store the
 * new tokens they answer, so this session goes on. Errors are re-thrown for the forms.
 */

export function useGenerarSecreto() {
  return trpc.auth.mfaSetup.useMutation({
    onError: (e) => {
      console.error('Error al generar el secreto', e);
      toast.error(errorMessage(e, 'No se pudo generar el secreto. Probá de nuevo.'));
    },
  });
}

export function useActivarMfa() {
  const utils = trpc.useUtils();
  return trpc.auth.mfaEnable.useMutation({
    onSuccess: async (r) => {
      session.setTokens(r.access, r.refresh);
      const wasPending = session.enrolmentPending();
      session.setEnrolmentPending(false);
      if (wasPending) {
        const me = session.get();
        if (me) session.setUser(await utils.client.usuarios.get.query({ id: me.user.id }));
      }
      // Not awaited: the recovery codes show at once, while every screen's data is read again.
      void utils.invalidate();
      toast.success(MF.enabled);
    },
    onError: (e) => console.error('Error al activar la verificación en dos pasos', e),
  });
}

export function useDesactivarMfa() {
  const utils = trpc.useUtils();
  return trpc.auth.mfaDisable.useMutation({
    onSuccess: async (r) => {
      session.setTokens(r.access, r.refresh);
      await utils.invalidate();
      toast.success(MF.disabled);
    },
    onError: (e) => console.error('Error al desactivar la verificación en dos pasos', e),
  });
}

export function useCambiarContrasena() {
  return trpc.auth.passwordChange.useMutation({
    onSuccess: (r) => {
      session.setTokens(r.access, r.refresh);
      toast.success(MF.passwordChanged);
    },
    onError: (e) => console.error('Error al cambiar la contraseña', e),
  });
}

export function useCerrarTodasLasSesiones() {
  return trpc.auth.logoutAll.useMutation({
    onSuccess: () => toast.success(MF.loggedOutEverywhere),
    onError: (e) => {
      console.error('Error al cerrar las sesiones', e);
      toast.error(errorMessage(e, 'No se pudieron cerrar las sesiones. Probá de nuevo.'));
    },
  });
}

/** Staff: another user's second factor off. */
export function useRestablecerMfa() {
  const utils = trpc.useUtils();
  return trpc.auth.resetUserMfa.useMutation({
    onSuccess: async (r) => {
      await utils.usuarios.invalidate();
      toast.success(r.detail);
    },
    onError: (e) => {
      console.error('Error al restablecer la verificación en dos pasos', e);
      toast.error(errorMessage(e, 'No se pudo restablecer la verificación en dos pasos. Probá de nuevo.'));
    },
  });
}
