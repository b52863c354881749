import { z } from 'zod';
import { adminResource } from '../http/admin-routes.js';
import { listQuerySchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { idParamsSchema } from './params.js';
import { transactionIdParams, transactionViewSchema } from './purchase.js';
import {
  adminTransactionSchema,
  adviserFollowUpBodySchema,
  adviserSchema,
  changeReadInWalletAllBodySchema,
  changeReadInWalletBodySchema,
  changeReadStatusAllBodySchema,
  confirmOrderBodySchema,
  decideReturnBodySchema,
  makeTransactionPaidBodySchema,
  registerAdviserBodySchema,
  requestReturnBodySchema,
  returnViewSchema,
  reversePaymentBodySchema,
  transactionPaidSchema,
  transactionReturnsSchema,
  updateTransactionPaidBodySchema,
  walletIndicatorsSchema,
} from './closing.js';

/**
 * Closing the sale (issue #13 part A; spec 000 §7 "Cart and transactions"): the sellers' wallet, paid
 * transactions, returns and advisers. Every id route answers 404 to a person who may not see the transaction
 * (another store's seller, another buyer); a role that may not call a route at all gets 403.
 */

const tags = ['marketplace: cierre de la venta'];
const HEADER = '/api/cart/cartShoppingHeader';
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());
const listMeta = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }).catchall(z.unknown());

/** Who works a store's sales: its sellers and store admins, and operators (any store). */
export const STORE_SIDE = ['seller', 'store_admin', 'operator'] as const;
/** Who reads the sellers' side: those, and advisers (they read, and write only on the transactions assigned to them). */
export const STORE_SIDE_READ = ['seller', 'store_admin', 'operator', 'adviser'] as const;

const countMeta = z.object({ message: z.string().optional(), count: z.number().int() }).catchall(z.unknown());

export const closingRoutes = {
  confirmOrder: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/confirmOrder`,
    summary: 'El vendedor confirma un pedido (stock y precio: el comprador paga) o lo rechaza con un motivo (el stock vuelve)',
    tags,
    params: transactionIdParams,
    body: confirmOrderBodySchema,
    response: successSchema(transactionViewSchema, messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  markDelivered: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/markDelivered`,
    summary: 'La tienda marca entregada una compra pagada (desde ahí corre el derecho de retracto)',
    tags,
    params: transactionIdParams,
    response: successSchema(transactionViewSchema, messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  walletIndicators: defineRoute({
    method: 'GET',
    path: `${HEADER}/getIndicatorsWallet`,
    summary:
      'Billetera del vendedor: ventas por estado, valor, ticket promedio, pedidos por confirmar, sin leer y ventas por día (filter {period, from, to, state, storeId})',
    tags,
    query: listQuerySchema.pick({ filter: true }),
    response: successSchema(walletIndicatorsSchema),
    access: STORE_SIDE,
    errors: [400, 401, 403],
  }),
  changeReadInWallet: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/changeReadInWalletStatus`,
    summary: 'Marcar como leída o no leída en la billetera (scenario: sales | returns)',
    tags,
    params: transactionIdParams,
    body: changeReadInWalletBodySchema,
    response: successSchema(z.object({ id: z.uuid(), scenario: z.string(), isRead: z.boolean() }), messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404],
  }),
  changeReadInWalletAll: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/changeReadInWalletStatusAll`,
    summary: 'Marcar todo como leído en la billetera de la tienda (scenario)',
    tags,
    body: changeReadInWalletAllBodySchema,
    response: successSchema(z.object({ count: z.number().int() }), countMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403],
  }),
  changeReadStatusAll: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/ChangeReadStatusAll`,
    summary: 'Marcar todo como leído: mis compras (typeUser buyer) o las ventas de mi tienda (typeUser seller)',
    tags,
    body: changeReadStatusAllBodySchema,
    response: successSchema(z.object({ count: z.number().int() }), countMeta),
    access: 'user',
    errors: [400, 401, 403],
  }),
  makeTransactionPaid: defineRoute({
    method: 'POST',
    path: '/api/cart/TransactionPaid/makeTransactionPaid',
    summary: 'Registrar un pago recibido fuera de la pasarela (contra entrega, transferencia, Nequi/Daviplata, SPEI/OXXO)',
    tags,
    body: makeTransactionPaidBodySchema,
    response: successSchema(transactionPaidSchema, messageMeta),
    status: 201,
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  reversePayment: defineRoute({
    method: 'POST',
    path: '/api/cart/TransactionPaid/reversePaymentTypeTransactions',
    summary: 'Reversar un pago registrado, con su motivo (el registro se conserva)',
    tags,
    body: reversePaymentBodySchema,
    response: successSchema(transactionPaidSchema, messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  loadTransactionPaid: defineRoute({
    method: 'GET',
    path: '/api/cart/TransactionPaid/:id/loadTransactionPaid',
    summary: 'Un pago registrado de una transacción',
    tags,
    params: idParamsSchema,
    response: successSchema(transactionPaidSchema),
    access: STORE_SIDE_READ,
    errors: [400, 401, 403, 404],
  }),
  listTransactionPaid: defineRoute({
    method: 'GET',
    path: '/api/cart/TransactionPaid',
    summary: 'Pagos registrados (filter {transactionId, storeId, paymentType, source, reversed, from, to}; page desde 0, pageSize)',
    tags,
    query: listQuerySchema,
    response: successSchema(z.array(transactionPaidSchema), listMeta),
    access: STORE_SIDE_READ,
    errors: [400, 401, 403],
  }),
  updateTransactionPaid: defineRoute({
    method: 'PATCH',
    path: '/api/cart/transactionPaid/:id',
    summary: 'Corregir la referencia, las notas o la fecha de un pago registrado a mano',
    tags,
    params: idParamsSchema,
    body: updateTransactionPaidBodySchema,
    response: successSchema(transactionPaidSchema, messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  loadTransactionReturns: defineRoute({
    method: 'GET',
    path: `${HEADER}/:id/loadTransactionReturns`,
    summary: 'Devoluciones de una transacción y su plazo (derecho de retracto, días hábiles desde la entrega)',
    tags,
    params: transactionIdParams,
    response: successSchema(transactionReturnsSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  requestReturn: defineRoute({
    method: 'POST',
    path: `${HEADER}/:id/requestReturn`,
    summary: 'El comprador pide la devolución (retracto) dentro del plazo',
    tags,
    params: transactionIdParams,
    body: requestReturnBodySchema,
    response: successSchema(returnViewSchema, messageMeta),
    status: 201,
    access: 'user',
    errors: [400, 401, 404, 409],
  }),
  decideReturn: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/decideReturn`,
    summary: 'La tienda acepta (el stock vuelve y el pago se reversa) o rechaza con un motivo la devolución pedida',
    tags,
    params: transactionIdParams,
    body: decideReturnBodySchema,
    response: successSchema(returnViewSchema, messageMeta),
    access: STORE_SIDE,
    errors: [400, 401, 403, 404, 409],
  }),
  registerAdviser: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/registerAdviser`,
    summary: 'Un operador asigna un asesor a la transacción (adviser_id)',
    tags,
    params: transactionIdParams,
    body: registerAdviserBodySchema,
    response: successSchema(adminTransactionSchema, messageMeta),
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
  adviserFollowUp: defineRoute({
    method: 'PATCH',
    path: `${HEADER}/:id/adviserFollowUp`,
    summary: 'El asesor asignado deja una nota o cambia el estado del seguimiento',
    tags,
    params: transactionIdParams,
    body: adviserFollowUpBodySchema,
    response: successSchema(adminTransactionSchema, messageMeta),
    access: ['adviser', 'operator'],
    errors: [400, 401, 403, 404],
  }),
};

const consoleTags = ['marketplace: consola de operación'];
const transactionsResource = adminResource('/admin-api/transactions', {
  summary: 'Transacciones (filtros: estado, tienda, asesor, fechas); las de su tienda para vendedores',
  tags: consoleTags,
  row: adminTransactionSchema,
  params: idParamsSchema,
  read: STORE_SIDE_READ,
  write: ['operator'],
});
const paidResource = adminResource('/admin-api/transaction-paid', {
  summary: 'Pagos registrados de las transacciones',
  tags: consoleTags,
  row: transactionPaidSchema,
  params: idParamsSchema,
  read: STORE_SIDE_READ,
  write: ['operator'],
});
const returnsResource = adminResource('/admin-api/transaction-returns', {
  summary: 'Devoluciones (derecho de retracto)',
  tags: consoleTags,
  row: returnViewSchema,
  params: idParamsSchema,
  read: STORE_SIDE_READ,
  write: ['operator'],
});
const advisersResource = adminResource('/admin-api/advisers', {
  summary: 'Asesores que se pueden asignar a una transacción',
  tags: consoleTags,
  row: adviserSchema,
  params: z.object({ id: z.string().max(60) }),
  read: ['operator', 'adviser'],
  write: ['operator'],
});

/** The operator console's resources of the sale's closing (ra-data-simple-rest; writes go through the routes above). */
export const closingAdminRoutes = {
  transactions: transactionsResource,
  transactionPaid: paidResource,
  transactionReturns: returnsResource,
  advisers: advisersResource,
};
