import {
  isAiAssignedEngine,
  t,
  vehicleKey,
  verdictLabel,
  type CompatibilityVerdict,
  type CompatibleVehicle,
  type QuestionAnswer,
  type SessionUser,
  type VerdictView,
} from '@tuerca/contracts';

export interface AskedVehicle {
  brand: string;
  model: string;
  year: number | null;
  vin?: string | null;
}

/**
 * A cross-reference of the product's part number (the catalogue's, as the marketplace keeps them): the original
 * number on the other side, its make, the type, and the compatible vehicles other listings of that original carry.
 */
export interface CrossReferenceEvidence {
  make: string;
  oem: string;
  type: string;
  listings: readonly (readonly CompatibleVehicle[])[];
}

const CROSS_REFERENCE_TYPES: Record<
  string,
  'typeDuplicate' | 'typeReplacement' | 'typePartWhole' | 'typeTuning' | 'typeSynonym' | 'typeCode'
> = {
  duplicate: 'typeDuplicate',
  replacement: 'typeReplacement',
  'part whole': 'typePartWhole',
  tuning: 'typeTuning',
  synonym: 'typeSynonym',
  code: 'typeCode',
};

function crossReferenceType(type: string): string {
  const key = CROSS_REFERENCE_TYPES[type.toLowerCase()];
  return key ? t(`substitutions.${key}`).toLowerCase() : type;
}

/** Whether a list of compatible vehicles names the asked make, model and (when both give one) year. */
function listsVehicle(list: readonly CompatibleVehicle[], asked: AskedVehicle): boolean {
  return list.some(
    (v) =>
      norm(v.make) === norm(asked.brand) &&
      (v.full_models.length === 0 || v.full_models.some((m) => modelMatches(m, asked.model))) &&
      (!asked.year || v.years.length === 0 || v.years.includes(asked.year)),
  );
}

/** A seller's earlier answer about this product, for the verdict. */
export interface EarlierAnswer {
  vehicle: AskedVehicle;
  answer: QuestionAnswer;
  answeredAt: Date;
}

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A listed model fits the asked one when either names the other ('Spark' and 'Spark GT 1.2'). */
function modelMatches(listed: string, asked: string): boolean {
  const a = norm(listed);
  const b = norm(asked);
  if (a === '' || b === '') return false;
  return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
}

function vehicleName(v: AskedVehicle): string {
  return [v.brand, v.model, v.year ?? undefined].filter((x) => x !== undefined && x !== '').join(' ');
}

function yearsText(years: readonly number[]): string {
  if (years.length === 0) return '';
  const sorted = [...years].sort((a, b) => a - b);
  return sorted[0] === sorted[sorted.length - 1] ? String(sorted[0]) : `${sorted[0]}–${sorted[sorted.length - 1]}`;
}

function verdict(v: CompatibilityVerdict, evidence: VerdictView['evidence']): VerdictView {
  return { verdict: v, label: verdictLabel(v), evidence };
}

/**
 * The compatibility verdict shown with the question form: Sí / Probable / No / Necesito tu VIN, from the
 * evidence the marketplace holds for the product, each verdict naming it:
 * 1. the store's own answers about the same vehicle (latest first) — the seller knows best;
 * 2. the product's compatible vehicles (spec 000 §3: by make, with full models, years and engines; an engine
 *    ending in the AI suffix marks compatibility assigned by AI, which is only 'Probable');
 * 3. when the product does not list the vehicle's make: its cross-references with an original number of that
 *    make — Probable when another listing of that original carries the vehicle, else the VIN decides;
 * 4. the part's brand (an original part of the vehicle's make needs the VIN to confirm);
 * 5. nothing: the VIN lets the seller answer.
 */
export function compatibilityVerdict(
  asked: AskedVehicle,
  product: { manufacturerTitle: string; compatibleVehicles: readonly CompatibleVehicle[] },
  answers: readonly EarlierAnswer[],
  crossReferences: readonly CrossReferenceEvidence[] = [],
): VerdictView {
  const key = vehicleKey(asked);
  const sameVehicle = [...answers]
    .filter((a) => vehicleKey(a.vehicle) === key || (!asked.year && vehicleKey({ ...a.vehicle, year: null }) === key))
    .sort((a, b) => b.answeredAt.getTime() - a.answeredAt.getTime());
  const latest = sameVehicle[0];
  const name = vehicleName(asked);
  if (latest && latest.answer === 'yes')
    return verdict('yes', [{ source: 'seller_answer', text: t('questions.evidence.sellerYes', { vehicle: name }) }]);
  if (latest && latest.answer === 'no')
    return verdict('no', [{ source: 'seller_answer', text: t('questions.evidence.sellerNo', { vehicle: name }) }]);
  const sellerWantsVin = latest?.answer === 'need_vin' && !asked.vin;
  if (sellerWantsVin)
    return verdict('need_vin', [{ source: 'seller_answer', text: t('questions.evidence.sellerNeedVin', { vehicle: name }) }]);

  const listed = product.compatibleVehicles;
  const make = listed.find((v) => norm(v.make) === norm(asked.brand));
  if (make) {
    const exact = make.full_models.filter((m) => norm(m) === norm(asked.model));
    const models = exact.length > 0 ? exact : make.full_models.filter((m) => modelMatches(m, asked.model));
    const modelOk = make.full_models.length === 0 || models.length > 0;
    if (!modelOk) {
      return verdict('need_vin', [
        {
          source: 'catalogue',
          text: t('questions.evidence.otherModels', {
            make: make.make,
            models: make.full_models.slice(0, 5).join(', '),
            model: asked.model,
          }),
        },
      ]);
    }
    const shownModel = models[0] ?? asked.model;
    const years = make.years;
    if (asked.year && years.length > 0 && !years.includes(asked.year)) {
      const near = years.some((y) => Math.abs(y - asked.year!) <= 1);
      return verdict(near ? 'probable' : 'no', [
        {
          source: 'catalogue',
          text: t(near ? 'questions.evidence.nearYear' : 'questions.evidence.otherYears', {
            make: make.make,
            model: shownModel,
            years: yearsText(years),
            year: asked.year,
          }),
        },
      ]);
    }
    // Every engine the product lists for the make was assigned by AI: likely, not proven.
    if (make.engines.length > 0 && make.engines.every(isAiAssignedEngine)) {
      return verdict('probable', [{ source: 'ai', text: t('questions.evidence.aiOnly', { make: make.make, model: shownModel }) }]);
    }
    return verdict('yes', [
      {
        source: 'catalogue',
        text: t('questions.evidence.catalogue', {
          make: make.make,
          models: models.length > 0 ? models.slice(0, 3).join(', ') : asked.model,
          years: years.length > 0 ? ` ${yearsText(years)}` : '',
        }),
      },
    ]);
  }
  const ofMake = crossReferences.filter((c) => norm(c.make) === norm(asked.brand));
  const fitting = ofMake.find((c) => c.listings.some((l) => listsVehicle(l, asked)));
  if (fitting) {
    return verdict('probable', [
      {
        source: 'cross_reference',
        text: t('questions.evidence.crossReferenceFits', {
          type: crossReferenceType(fitting.type),
          make: fitting.make,
          oem: fitting.oem,
          vehicle: name,
        }),
      },
    ]);
  }
  if (ofMake[0]) {
    return verdict('need_vin', [
      {
        source: 'cross_reference',
        text: t('questions.evidence.crossReference', {
          type: crossReferenceType(ofMake[0].type),
          make: ofMake[0].make,
          oem: ofMake[0].oem,
        }),
      },
    ]);
  }
  if (listed.length > 0) {
    return verdict('no', [
      {
        source: 'catalogue',
        text: t('questions.evidence.otherMakes', {
          makes: listed
            .map((v) => v.make)
            .slice(0, 6)
            .join(', '),
        }),
      },
    ]);
  }
  if (norm(product.manufacturerTitle) === norm(asked.brand)) {
    return verdict('need_vin', [{ source: 'brand', text: t('questions.evidence.sameBrand', { make: product.manufacturerTitle }) }]);
  }
  return verdict('need_vin', [{ source: 'none', text: t('questions.evidence.none') }]);
}

/** Who may answer a question of a store: its sellers and store admins, and operators. */
export function canAnswer(user: SessionUser, storeId: string): boolean {
  if (user.roles.includes('operator')) return true;
  return (user.roles.includes('seller') || user.roles.includes('store_admin')) && user.storeId === storeId;
}

/**
 * What a PATCH does for this caller: the store answers when it sends an answer; the asker follows up otherwise;
 * anyone else is not told the question exists (null).
 */
export function patchRole(user: SessionUser, question: { userId: string; storeId: string }, answering = false): 'asker' | 'seller' | null {
  const seller = canAnswer(user, question.storeId);
  if (answering && seller) return 'seller';
  if (question.userId === user.id) return 'asker';
  return seller ? 'seller' : null;
}
