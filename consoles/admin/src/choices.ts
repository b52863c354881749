import { ROLES, TRANSACTION_TYPES, CURRENCIES, transactionTypeLabel } from '@tuerca/contracts';
import { es } from './i18n/es';

const tuerca = (es as unknown as { tuerca: Record<string, Record<string, Record<string, string>>> }).tuerca;

/** Select choices with the Spanish labels (react-admin translates `name` when it is a key; these are already texts). */
export const roleChoices = ROLES.map((id) => ({ id, name: tuerca.roles![id] as unknown as string }));
export const countryChoices = [
  { id: 'CO', name: 'Colombia' },
  { id: 'MX', name: 'México' },
];
export const currencyChoices = CURRENCIES.map((id) => ({ id, name: id }));
export const transactionTypeChoices = TRANSACTION_TYPES.map((id) => ({ id, name: transactionTypeLabel(id) }));
export const searchKindChoices = Object.entries(tuerca.searches!.kinds!).map(([id, name]) => ({ id, name }));
export const personKindChoices = Object.entries(tuerca.searches!.people!).map(([id, name]) => ({ id, name }));
export const balanceSourceChoices = Object.entries(tuerca.balances!.sources!).map(([id, name]) => ({ id, name }));
export const balanceStatusChoices = Object.entries(tuerca.balances!.statuses!).map(([id, name]) => ({ id, name }));
export const parameterKindChoices = Object.entries(tuerca.parameters!.kinds!).map(([id, name]) => ({ id, name }));
export const productStateChoices = Object.entries(tuerca.products!.states!).map(([id, name]) => ({ id, name }));
export const salesModelChoices = Object.entries(tuerca.products!.salesModels!).map(([id, name]) => ({ id: Number(id), name }));
export const questionStateChoices = Object.entries(tuerca.questions!.states!).map(([id, name]) => ({ id, name }));
export const questionAnswerChoices = Object.entries(tuerca.questions!.answers!).map(([id, name]) => ({ id, name }));
export const quotationStateChoices = Object.entries(tuerca.quotations!.states!).map(([id, name]) => ({ id, name }));
export const notificationStatusChoices = Object.entries(tuerca.notifications!.statuses!).map(([id, name]) => ({ id, name }));
export const notificationChannelChoices = Object.entries(tuerca.notifications!.channels!).map(([id, name]) => ({ id, name }));
export const notificationTemplateChoices = Object.entries(tuerca.notifications!.templates!).map(([id, name]) => ({ id, name }));
export const deadLetterStatusChoices = Object.entries(tuerca.deadLetters!.statuses!).map(([id, name]) => ({ id, name }));
const channels = tuerca.channels as unknown as Record<string, Record<string, string>>;
export const listingStatusChoices = Object.entries(channels.listingStatuses!).map(([id, name]) => ({ id, name }));
export const connectionStateChoices = Object.entries(channels.connectionStates!).map(([id, name]) => ({ id, name }));
export const salesChannelChoices = Object.entries(channels.channelNames!).map(([id, name]) => ({ id, name }));
/** The outcomes MercadoLibre's authorization sends a seller back with (`?mercadolibre=`). */
export const mlAuthorizationOutcomes = Object.keys(channels.outcomes!);
export const importStatusChoices = Object.entries(tuerca.imports!.statuses!).map(([id, name]) => ({ id, name }));
export const supplierStatusChoices = Object.entries(tuerca.suppliers!.statuses!).map(([id, name]) => ({ id, name }));
export const quoteRequestStateChoices = Object.entries(tuerca.quoteRequests!.states!).map(([id, name]) => ({ id, name }));

export const labelOf = (choices: { id: string | number; name: string }[], id: unknown): string =>
  choices.find((c) => c.id === id)?.name ?? (id === null || id === undefined ? '' : String(id));
