/**
 * What a screen shows in place of data that could not be loaded: the reason and 'Reintentar' (the
 * client does not retry on its own), never an endless "Cargando…" or an empty list that reads as "none".
 */
export function ErrorCarga({ mensaje, reintentando = false, onReintentar, testId }: { mensaje: string; reintentando?: boolean; onReintentar?: () => void; testId?: string }) {
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-center" role="alert" data-testid={testId}>
      <p className="text-sm font-medium text-red-800">{mensaje}</p>
      {onReintentar && (
        <button type="button" className="btn-secondary mt-3" disabled={reintentando} aria-busy={reintentando || undefined} onClick={onReintentar}>
          {reintentando ? 'Reintentando…' : 'Reintentar'}
        </button>
      )}
    </div>
  );
}
