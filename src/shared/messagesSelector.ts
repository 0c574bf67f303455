/**
 * The current client's texts on the home page (ClienteActualCard): apart from messagesAdmin.ts so the
 * first page does not load every administration text. MA spreads them, so MA.selectorLoading still works.
 */
export const MSEL = {
  selectorLoading: 'Cargando clientes…',
  actingFor: 'Operás como',
  discount: 'de descuento',
  chooseClientHint: 'Elegí en la barra de navegación el cliente con el que vas a operar.',
} as const;
