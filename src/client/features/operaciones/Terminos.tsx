import { VALIDEZ_HORAS } from '../../../shared/transacciones';

/** The seven sections of the operation's terms (spec 001 §2, §4). */
export const TERMINOS: { titulo: string; texto: string }[] = [
  {
    titulo: '1. Vigencia de la operación',
    texto: `La operación tiene una validez de ${VALIDEZ_HORAS} horas desde su creación. Pasado ese plazo sin completarse en el terminal, expira automáticamente y no genera obligación para ninguna de las partes.`,
  },
  {
    titulo: '2. Cancelación',
    texto: 'Podés cancelar la operación solamente antes de que el terminal de autoservicio comience a procesarla. Una vez iniciado el procesamiento en el terminal, la operación no puede cancelarse.',
  },
  {
    titulo: '3. Cotización',
    texto: 'La cotización mostrada es la vigente al crear la operación. Si cambia antes del pago, se te mostrará la nueva cotización y tendrás que reconfirmarla para continuar; de lo contrario la operación se cancela.',
  },
  {
    titulo: '4. Identidad del cliente',
    texto: 'Declarás operar en nombre del cliente seleccionado y te comprometés a presentar un documento de identidad válido en el terminal cuando te sea requerido, conforme a la normativa de prevención de lavado de dinero.',
  },
  {
    titulo: '5. Límites de operación',
    texto: 'Las operaciones están sujetas a los límites diarios y mensuales vigentes de la casa de cambios. Una operación que supere el límite disponible no podrá realizarse.',
  },
  {
    titulo: '6. Métodos de pago y comisiones',
    texto: 'El método de pago o cobro elegido puede tener una comisión, ya incluida en el tipo de cambio final que se te muestra. Los cargos que cobren terceros (bancos, billeteras o emisores de tarjetas) corren por tu cuenta.',
  },
  {
    titulo: '7. Protección de datos',
    texto: 'Los datos de la operación y del cliente se usan únicamente para procesarla y cumplir las obligaciones legales de la casa de cambios, y se conservan de forma segura durante el plazo que exige la ley.',
  },
];

export function TerminosSecciones() {
  return (
    <div className="max-h-80 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-4 text-sm" tabIndex={0} aria-label="Términos y condiciones">
      {TERMINOS.map((t) => (
        <section key={t.titulo}>
          <h3 className="font-semibold text-slate-800">{t.titulo}</h3>
          <p className="mt-1 text-slate-600">{t.texto}</p>
        </section>
      ))}
    </div>
  );
}
