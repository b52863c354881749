import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QuestionView } from '@tuerca/contracts';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';
import { BillingModule } from '@tuerca/billing';

const Q = '/api/catalogo/productosQuestions';
const P = '/api/catalogo/products';
const ADMIN = '/admin-api/product-questions';
const [bogota, , leon] = demoStores();
const spark = { brand: 'Chevrolet', model: 'Spark', year: 2014 };

describe('product questions (issue 16): ask the seller whether a part fits, the answer, the verdict', () => {
  let t: TestHttpApp;
  let filterId: string;
  let padsId: string;
  let leonProductId: string;
  const who: Record<'guest' | 'cliente' | 'taller' | 'vendedor' | 'refaccionaria' | 'asesor' | 'operador', TestClient> = {} as never;
  const patch = (c: TestClient, id: string, body: unknown) => c.request('PATCH', `${Q}/${id}`, body);
  const ask = (c: TestClient, body: Record<string, unknown>) => c.post(Q, body);
  const messages = (template: string, like: string, count: number) =>
    eventually(async () => {
      const rows = await t
        .db('notifications')
        .em()
        .execute<{ channel: string; recipient: string | null; text: string; status: string }[]>(
          `select channel, recipient, text, status from messages where template = ? and text like ? order by channel`,
          [template, `%${like}%`],
        );
      return rows.length >= count ? rows : null;
    });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule, NotificationsModule]);
    await seedIdentity(t.db('identity'));
    for (const s of [bogota!, leon!]) {
      await t
        .db('marketplace')
        .em()
        .execute(
          `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile) values (?, ?, ?, ?, ?, false, null, true, ?)`,
          [s.id, s.name, s.country, s.country === 'MX' ? 'MXN' : 'COP', s.city, s.country === 'MX' ? '+524771234567' : '+573104445566'],
        );
    }
    who.guest = new TestClient(t.url);
    for (const [key, email] of [
      ['cliente', 'cliente@tuerca.demo'],
      ['taller', 'taller@tuerca.demo'],
      ['vendedor', 'vendedor@tuerca.demo'],
      ['refaccionaria', 'refaccionaria@tuerca.demo'],
      ['asesor', 'asesor@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
    const product = async (c: TestClient, body: Record<string, unknown>) => {
      const res = await c.post(P, { scenario: 'create', inventario: 10, actualPrice: 45000, salesModel: 1, ...body });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    filterId = await product(who.vendedor, {
      title: 'Filtro de aceite QST-1',
      manufacturer_title: 'Mann-Filter',
      descripcion: 'Filtro de aceite',
      referencia_1: 'QST-1',
      compatibleVehicles: [
        { make: 'Chevrolet', full_models: ['Spark GT', 'Spark'], years: [2010, 2011, 2012, 2013, 2014, 2015], engines: ['1.2 16V'] },
        { make: 'Renault', full_models: ['Logan'], years: [2016, 2017], engines: ['1.6 8V (IA)'] },
      ],
    });
    padsId = await product(who.vendedor, {
      title: 'Pastillas de freno QST-2',
      manufacturer_title: 'Mazda',
      descripcion: 'Pastillas delanteras',
      referencia_1: 'QST-2',
    });
    leonProductId = await product(who.refaccionaria, {
      title: 'Bujía QST-3',
      manufacturer_title: 'NGK',
      descripcion: 'Bujía',
      referencia_1: 'QST-3',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses guests (401 Login required), an empty vehicle with the spec’s message, a bad or unknown product', async () => {
    const guest = await ask(who.guest, { product_id: filterId, vehicle: spark });
    expect([guest.status, guest.body.message]).toEqual([401, 'Login required']);
    for (const vehicle of [undefined, {}, { brand: '', model: 'Spark' }, { brand: 'Chevrolet', model: '  ' }, null]) {
      const bad = await ask(who.cliente, { product_id: filterId, vehicle });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toContain('Selecciona un vehículo para enviar la pregunta');
    }
    const badYear = await ask(who.cliente, { product_id: filterId, vehicle: { ...spark, year: 'dos mil' } });
    expect([badYear.status, badYear.body.errors]).toEqual([400, ['Año inválido']]);
    const badVin = await ask(who.cliente, { product_id: filterId, vehicle: { ...spark, vin: 'ABC' } });
    expect(badVin.status).toBe(400);
    expect(badVin.body.errors[0]).toContain('El VIN debe tener 17 caracteres');
    expect((await ask(who.cliente, { product_id: 'x', vehicle: spark })).status).toBe(400);
    expect((await ask(who.cliente, { product_id: randomUUID(), vehicle: spark })).status).toBe(404);
    // Nothing was written by any refusal.
    const [{ count }] = await t.db('marketplace').em().execute<{ count: string }[]>(`select count(*) from product_questions`);
    expect(Number(count)).toBe(0);
  });

  it('asks with the spec’s text (year optional), says so in Spanish, tells the store on WhatsApp; a second time is 409', async () => {
    const res = await ask(who.cliente, {
      product_id: filterId,
      product_reference: 'QST-1',
      product_description: 'Filtro de aceite',
      question: 'cualquier cosa',
      vehicle: spark,
      comment: 'Es para el carro de mi mamá',
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual({
      message: 'Pregunta enviada exitosamente',
      detail: 'Te avisaremos por WhatsApp cuando el vendedor responda.',
    });
    const q = res.body.data as QuestionView;
    expect(q).toMatchObject({
      question: 'Is this product compatible with my vehicle Chevrolet - Spark - 2014?',
      questionText: '¿Este producto es compatible con mi vehículo Chevrolet - Spark - 2014?',
      product_reference: 'QST-1',
      storeId: bogota!.id,
      storeName: bogota!.name,
      state: 'pending',
      answer: null,
      mine: true,
      vehicle: { brand: 'Chevrolet', model: 'Spark', year: 2014, vin: null },
    });
    expect(q.verdict).toMatchObject({ verdict: 'yes', label: 'Sí' });

    const again = await ask(who.cliente, { product_id: filterId, vehicle: { brand: 'chevrolet', model: ' SPARK ', year: 2014 } });
    expect([again.status, again.body.errors]).toEqual([409, ['Ya le preguntaste al vendedor por este vehículo. Espera su respuesta.']]);

    const noYear = await ask(who.taller, { product_id: padsId, vehicle: { brand: 'Mazda', model: '3' } });
    expect(noYear.status).toBe(201);
    expect(noYear.body.data.question).toBe('Is this product compatible with my vehicle Mazda - 3?');
    expect(noYear.body.data.questionText).toBe('¿Este producto es compatible con mi vehículo Mazda - 3?');
    // Reference and description default to the product's.
    expect(noYear.body.data).toMatchObject({ product_reference: 'QST-2', product_description: 'Pastillas delanteras' });

    const [m] = await messages('question-asked', 'Filtro de aceite QST-1', 1);
    expect(m).toMatchObject({ channel: 'whatsapp', recipient: '+573104445566' });
    expect(m!.text).toContain('pregunta si Filtro de aceite QST-1 (ref. QST-1) sirve para su vehículo Chevrolet Spark 2014');
    expect(m!.text).toContain('Es para el carro de mi mamá');
    expect(m!.text).toContain(`/admin/#/product-questions/${q.id}/show`);
  });

  it('shows a person only their own questions; sellers only their store’s; operators every store’s', async () => {
    const other = await ask(who.taller, { product_id: leonProductId, vehicle: { brand: 'Nissan', model: 'Versa', year: 2019 } });
    expect(other.status).toBe(201);
    const list = async (c: TestClient, query = '') => c.get(`${Q}${query}`);

    const mine = await list(who.cliente);
    expect(mine.status).toBe(200);
    expect((mine.body.data as QuestionView[]).every((q) => q.mine && q.product_reference === 'QST-1')).toBe(true);
    expect(mine.body.metadata).toMatchObject({ total: 1, page: 0, pageSize: 20 });
    expect(mine.headers.get('x-total-count')).toBe('1');

    const taller = (await list(who.taller)).body.data as QuestionView[];
    expect(taller.map((q) => q.product_reference).sort()).toEqual(['QST-2', 'QST-3']);

    const store = (await list(who.vendedor, '?scopes=store')).body.data as QuestionView[];
    expect(store.map((q) => q.product_reference).sort()).toEqual(['QST-1', 'QST-2']);
    expect(store.find((q) => q.product_reference === 'QST-1')).toMatchObject({ askerName: expect.any(String), mine: false });
    const leonStore = (await list(who.refaccionaria, '?scopes=store')).body.data as QuestionView[];
    expect(leonStore.map((q) => q.product_reference)).toEqual(['QST-3']);
    const everyone = await list(who.operador, '?scopes=store');
    expect(everyone.body.metadata.total).toBe(3);
    const oneStore = await list(who.operador, `?scopes=store&filter=${encodeURIComponent(JSON.stringify({ storeId: leon!.id }))}`);
    expect(oneStore.body.metadata.total).toBe(1);

    // Another store's id, a customer asking for a store's questions, a guest.
    expect(
      (await list(who.refaccionaria, `?scopes=store&filter=${encodeURIComponent(JSON.stringify({ storeId: bogota!.id }))}`)).status,
    ).toBe(403);
    expect((await list(who.cliente, '?scopes=store')).status).toBe(403);
    expect((await list(who.guest)).status).toBe(401);
    expect((await list(who.cliente, '?filter={nope')).status).toBe(400);
    expect((await list(who.cliente, `?filter=${encodeURIComponent(JSON.stringify({ other: 1 }))}`)).status).toBe(400);

    // Paging (zero-based), attributes, getters and relations.
    const page1 = await list(who.taller, '?page=1&pageSize=1&attributes=product_reference,state&relations=product&getters=verdict');
    expect(page1.body.metadata).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    const [row] = page1.body.data as Partial<QuestionView>[];
    expect(Object.keys(row!).sort()).toEqual(['id', 'product_reference', 'state']);
    const full = (await list(who.taller, '?relations=product&getters=verdict&scopes=pending')).body.data as QuestionView[];
    expect(full).toHaveLength(2);
    expect(full.every((q) => q.verdict && q.product?.title)).toBe(true);
  });

  it('lets only the product’s store (or an operator) answer; a yes adds the vehicle to the product and tells the asker', async () => {
    const [q] = (await who.cliente.get(Q)).body.data as QuestionView[];
    // Another person, another store's seller, an adviser: 404 (the question is not revealed); a guest 401.
    for (const c of [who.taller, who.refaccionaria, who.asesor]) expect((await patch(c, q!.id, { answer: 'yes' })).status).toBe(404);
    expect((await patch(who.guest, q!.id, { answer: 'yes' })).status).toBe(401);
    expect((await patch(who.vendedor, randomUUID(), { answer: 'yes' })).status).toBe(404);
    const bad = await patch(who.vendedor, q!.id, { answer: 'tal vez' });
    expect([bad.status, bad.body.errors]).toEqual([400, ['Elige una respuesta: compatible, no compatible o necesito el VIN']]);
    expect((await patch(who.vendedor, q!.id, {})).status).toBe(400);

    // Before the answer the Spark 2016 is only near the listed years.
    const before = await who.guest.get(`${P}/${filterId}/compatibilityVerdict?brand=Chevrolet&model=Spark&year=2016`);
    expect(before.body.data).toMatchObject({ verdict: 'probable', label: 'Probable' });

    const answered = await patch(who.vendedor, q!.id, { answer: 'yes', response: 'Sí, le sirve; es la misma referencia.' });
    expect(answered.status).toBe(200);
    expect(answered.body.metadata.message).toBe('Respuesta enviada. Le avisaremos a quien preguntó.');
    expect(answered.body.data).toMatchObject({
      state: 'answered',
      answer: 'yes',
      answerText: 'Sí, es compatible',
      response: 'Sí, le sirve; es la misma referencia.',
    });
    const twice = await patch(who.vendedor, q!.id, { answer: 'no' });
    expect([twice.status, twice.body.errors]).toEqual([409, ['Esta pregunta ya fue respondida.']]);

    const told = await messages('question-answered', 'Filtro de aceite QST-1', 2);
    expect(told.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'cliente@tuerca.demo'],
      ['whatsapp', '+573001234567'],
    ]);
    expect(told[0]!.text).toContain(
      `${bogota!.name} respondió tu pregunta sobre Filtro de aceite QST-1 (ref. QST-1) para tu Chevrolet Spark 2014: Sí, es compatible.`,
    );

    // The asker sees the answer and the verdict names the seller.
    const [seen] = (await who.cliente.get(`${Q}?getters=verdict`)).body.data as QuestionView[];
    expect(seen).toMatchObject({ state: 'answered', answer: 'yes' });
    expect(seen!.verdict!.evidence[0]).toMatchObject({ source: 'seller_answer' });
  });

  it('a seller’s yes reaches the product’s compatible vehicles (getCompatibleVehicles, engines as strings)', async () => {
    const q = await ask(who.cliente, { product_id: padsId, vehicle: { brand: 'Mazda', model: 'CX-5', year: 2019 } });
    expect(q.status).toBe(201);
    expect((await patch(who.operador, q.body.data.id, { answer: 'yes' })).status).toBe(200);
    const vehicles = await eventually(async () => {
      const res = await who.guest.get(`${P}/${padsId}/getCompatibleVehicles`);
      return res.status === 200 && res.body.data.length > 0 ? res.body.data : null;
    });
    expect(vehicles).toEqual([{ make: 'Mazda', full_models: ['CX-5'], years: [2019], engines: [] }]);
    const filter = (await who.guest.get(`${P}/${filterId}/getCompatibleVehicles`)).body.data;
    expect(filter.find((v: { make: string }) => v.make === 'Renault').engines).toEqual(['1.6 8V (IA)']);
  });

  it('the asker follows up with the VIN the seller asked for; the store is told again', async () => {
    const q = await ask(who.taller, { product_id: padsId, vehicle: { brand: 'Mazda', model: '2', year: 2012 } });
    expect((await patch(who.vendedor, q.body.data.id, { answer: 'need_vin', response: 'Envíame el VIN, por favor.' })).status).toBe(200);
    const needVin = await who.guest.get(`${P}/${padsId}/compatibilityVerdict?brand=Mazda&model=2&year=2012`);
    expect(needVin.body.data).toMatchObject({ verdict: 'need_vin', label: 'Necesito tu VIN', evidence: [{ source: 'seller_answer' }] });
    // Another person cannot follow up; the asker can.
    expect((await patch(who.cliente, q.body.data.id, { follow_up: 'hola' })).status).toBe(404);
    expect((await patch(who.taller, q.body.data.id, { vin: 'abc' })).status).toBe(400);
    const followed = await patch(who.taller, q.body.data.id, { vin: '3mzbm1u76fm123456' });
    expect(followed.status).toBe(200);
    expect(followed.body.metadata.message).toBe('Comentario enviado al vendedor');
    expect(followed.body.data).toMatchObject({
      state: 'pending',
      vehicle: { vin: '3MZBM1U76FM123456' },
      follow_up: 'Este es el VIN de mi vehículo: 3MZBM1U76FM123456',
    });
    const [m] = await messages('question-asked', '3MZBM1U76FM123456', 1);
    expect(m!.text).toContain('agregó a su pregunta sobre Pastillas de freno QST-2');
    // An asker cannot answer their own question.
    expect((await patch(who.taller, q.body.data.id, { answer: 'yes' })).status).toBe(404);
  });

  it('gives the verdict from the product’s data: Sí, Probable (near year, AI-assigned, cross-reference), No, Necesito tu VIN', async () => {
    const verdict = async (id: string, q: string) => {
      const res = await who.guest.get(`${P}/${id}/compatibilityVerdict?${q}`);
      expect(res.status).toBe(200);
      return res.body.data as { verdict: string; evidence: { source: string; text: string }[] };
    };
    expect(await verdict(filterId, 'brand=Chevrolet&model=Spark%20GT&year=2012')).toMatchObject({
      verdict: 'yes',
      evidence: [{ source: 'catalogue', text: 'Según los datos del producto, sirve para Chevrolet Spark GT 2010–2015.' }],
    });
    expect((await verdict(filterId, 'brand=Chevrolet&model=Spark&year=2020')).verdict).toBe('no');
    expect((await verdict(filterId, 'brand=Chevrolet&model=Aveo&year=2012')).verdict).toBe('need_vin');
    expect((await verdict(filterId, 'brand=Renault&model=Logan&year=2016')).evidence[0]!.source).toBe('ai');
    expect((await verdict(filterId, 'brand=Renault&model=Logan&year=2016')).verdict).toBe('probable');
    expect((await verdict(filterId, 'brand=Kia&model=Picanto')).verdict).toBe('no');
    expect((await verdict(leonProductId, 'brand=Nissan&model=Versa')).evidence[0]!.source).toBe('none');
    // Cross-references: an aftermarket part that lists no vehicle, with the original another store lists for the Aveo.
    const bosch = await who.vendedor.post(P, {
      scenario: 'create',
      title: 'Bomba de gasolina QST-4',
      manufacturer_title: 'Bosch',
      descripcion: 'Bomba de gasolina',
      referencia_1: 'QST-4',
      inventario: 3,
      actualPrice: 250000,
      salesModel: 1,
    });
    const original = await who.refaccionaria.post(P, {
      scenario: 'create',
      title: 'Bomba de gasolina original GM',
      manufacturer_title: 'Chevrolet',
      descripcion: 'Bomba de gasolina',
      referencia_1: 'GM-96481234',
      inventario: 3,
      actualPrice: 2500,
      salesModel: 1,
      compatibleVehicles: [{ make: 'Chevrolet', full_models: ['Aveo'], years: [2010, 2011], engines: [] }],
    });
    expect([bosch.status, original.status]).toEqual([201, 201]);
    await t
      .db('marketplace')
      .em()
      .execute(
        `insert into cross_references (oem, part, oem_formatted, oem_manufacturer, part_formatted, part_manufacturer, type, way) values ('GM96481234', 'QST4', 'GM-96481234', 'Chevrolet', 'QST-4', 'Bosch', 'replacement', 'forward')`,
      );
    expect(await verdict(bosch.body.data.id, 'brand=Chevrolet&model=Aveo&year=2010')).toEqual({
      verdict: 'probable',
      label: 'Probable',
      evidence: [
        {
          source: 'cross_reference',
          text: 'Referencia cruzada (reemplazo) con el original Chevrolet GM-96481234, que otro vendedor lista para Chevrolet Aveo 2010.',
        },
      ],
    });
    expect(await verdict(bosch.body.data.id, 'brand=Chevrolet&model=Spark&year=2010')).toMatchObject({
      verdict: 'need_vin',
      evidence: [{ source: 'cross_reference' }],
    });
    expect((await verdict(bosch.body.data.id, 'brand=Mazda&model=3')).evidence[0]!.source).toBe('none');

    const missing = await who.guest.get(`${P}/${filterId}/compatibilityVerdict?brand=Chevrolet`);
    expect([missing.status, missing.body.errors]).toEqual([400, ['Selecciona un vehículo para enviar la pregunta']]);
    expect((await who.guest.get(`${P}/${randomUUID()}/compatibilityVerdict?brand=Kia&model=Rio`)).status).toBe(404);
  });

  it('the operator console: sellers list and answer their store’s questions, operators every store’s; others 404 or 403', async () => {
    const pending = await ask(who.cliente, { product_id: leonProductId, vehicle: { brand: 'Nissan', model: 'March', year: 2018 } });
    const id = pending.body.data.id as string;
    const leonList = await who.refaccionaria.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify({ state: 'pending' }))}&range=[0,9]`);
    expect(leonList.status).toBe(200);
    expect((leonList.body as QuestionView[]).every((q) => q.storeId === leon!.id)).toBe(true);
    expect(leonList.headers.get('content-range')).toMatch(/^product-questions 0-\d+\/\d+$/);
    expect((await who.vendedor.get(`${ADMIN}/${id}`)).status).toBe(404);
    expect((await who.cliente.get(ADMIN)).status).toBe(403);
    expect((await who.refaccionaria.get(`${ADMIN}?sort=${encodeURIComponent('["nope","ASC"]')}`)).status).toBe(400);
    const all = await who.operador.get(`${ADMIN}?range=[0,49]`);
    expect(new Set((all.body as QuestionView[]).map((q) => q.storeId))).toEqual(new Set([bogota!.id, leon!.id]));
    const one = await who.refaccionaria.get(`${ADMIN}/${id}`);
    expect(one.body).toMatchObject({ id, state: 'pending', product: { title: 'Bujía QST-3' }, verdict: { verdict: 'need_vin' } });
    expect((await who.vendedor.request('PUT', `${ADMIN}/${id}`, { answer: 'no' })).status).toBe(404);
    expect((await who.asesor.request('PUT', `${ADMIN}/${id}`, { answer: 'no' })).status).toBe(403);
    const put = await who.refaccionaria.request('PUT', `${ADMIN}/${id}`, { ...one.body, answer: 'no', response: 'No, es para motor 1.6' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ state: 'answered', answer: 'no', answerText: 'No es compatible' });
    expect((await who.refaccionaria.request('DELETE', `${ADMIN}/${id}`)).status).toBe(405);
    expect((await who.refaccionaria.post(ADMIN, {})).status).toBe(405);
  });
});
