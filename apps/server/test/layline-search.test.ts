/**
 * Finding a part the way its layline prints it ("2SN -8", "-8", "1/2", "4000", "R2AT 1/2 4000"): the
 * component lists' `q`, the every-kind list the kit editor picks from, the compatible fittings and
 * ferrules of a hose, and the global search, over the sample catalogue and a few parts of the shop's own.
 * The lists answer exactly what `matchesLayline` (the rules the builder applies to parts in hand) says.
 */
import {
  COMPONENT_KIND_INFO,
  type Component,
  type CouplingSeries,
  type LaylinePart,
  matchesLayline,
  parseLayline,
} from '@hosewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const BASE = '/api/v1/organization';
let shop: TestTenant;

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(shop.regularToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The part numbers a list answers for `q`, sorted. */
async function found(list: string, q: string): Promise<string[]> {
  const page = await get(`${BASE}/${list}?q=${encodeURIComponent(q)}&itemsPerPage=500`);
  return page.items.map((c: Component) => c.partNumber).sort();
}
/** The part numbers the global search answers `tenant` for `text`, sorted. */
async function searchedBy(tenant: TestTenant, text: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search?searchText=${encodeURIComponent(text)}&itemsPerPage=50`,
    headers: bearer(tenant.regularToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .items.map((r: { partNumber: string }) => r.partNumber)
    .sort();
}
const searched = (text: string) => searchedBy(shop, text);
/** Saves a part of `tenant`'s, as its admin does. */
async function add(tenant: TestTenant, input: ReturnType<typeof componentInput>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/${COMPONENT_KIND_INFO[input.kind].slug}/new/update`,
    headers: bearer(tenant.adminToken),
    payload: input,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional' });
  const load = await t.app.inject({
    method: 'POST',
    url: `${BASE}/sampledata/load`,
    headers: bearer(shop.adminToken),
  });
  expect(load.statusCode).toBe(200);
  const own = [
    componentInput('hose', {
      partNumber: 'HX-R2AT-08',
      description: 'Two-wire braided hose',
      standard: 'SAE J517 100R2AT',
      dash: -8,
      workingPressurePsi: 4000,
    }),
    componentInput('hose', {
      partNumber: 'HX-R2AT-06',
      description: 'Two-wire braided hose',
      standard: 'SAE J517 100R2AT',
      dash: -6,
      workingPressurePsi: 4800,
    }),
    componentInput('otherItem', { partNumber: 'KIT-4000', description: 'Seal kit' }),
    componentInput('otherItem', { partNumber: 'BOLT-M8', description: 'Banjo bolt' }),
  ];
  for (const input of own) await add(shop, input);
});

describe('the hose list read as a layline', () => {
  it('finds a dash with or without the minus, by inch bore or in mm, alone or with a standard', async () => {
    for (const q of ['-8', '1/2', '1/2"', '12.7 mm', 'dash 8']) {
      expect(await found('hoses', q), q).toEqual(['GEN-2SN-08', 'HX-R2AT-08']);
    }
    expect(await found('hoses', '2SN -8')).toEqual(['GEN-2SN-08']);
    expect(await found('hoses', 'EN853 2SN 1/2"')).toEqual(['GEN-2SN-08']);
    expect(await found('hoses', '2SN')).toEqual(['GEN-2SN-06', 'GEN-2SN-08', 'GEN-2SN-12']);
  });

  it('finds the working pressure as printed, in psi or in bar', async () => {
    expect(await found('hoses', '4000')).toEqual(['GEN-2SN-08', 'GEN-4SP-16', 'HX-R2AT-08']);
    expect(await found('hoses', '4000 psi')).toEqual(['GEN-2SN-08', 'GEN-4SP-16', 'HX-R2AT-08']);
    expect(await found('hoses', '275 bar')).toEqual(['GEN-2SN-08', 'GEN-4SP-16', 'HX-R2AT-08']);
    expect(await found('hoses', 'R2AT 1/2 4000')).toEqual(['HX-R2AT-08']);
    expect(await found('hoses', '100R2AT 4800')).toEqual(['HX-R2AT-06']);
  });

  it('finds a standard by its whole number, whatever the spelling', async () => {
    expect(await found('hoses', 'R1')).toEqual(['GEN-1SN-04']);
    expect(await found('hoses', 'sae100r1at')).toEqual(['GEN-1SN-04']);
    expect(await found('hoses', 'R13')).toEqual(['GEN-R13-12']);
    expect(await found('hoses', 'ISO18752')).toEqual(['GEN-R13-12', 'GEN-R15-10']);
  });

  it('keeps finding part numbers and words as before', async () => {
    expect(await found('hoses', 'gen-2sn-0')).toEqual(['GEN-2SN-06', 'GEN-2SN-08']);
    expect(await found('hoses', 'thermoplastic')).toEqual(['GEN-R7-04']);
    expect(await found('hoses', '%')).toEqual([]);
  });
});

describe('the every-kind list the kit editor picks from', () => {
  it('reads a bare number as a dash or a pressure, or as part of a part number', async () => {
    expect(await found('items', '4000')).toEqual(expect.arrayContaining(['KIT-4000', 'GEN-4SP-16']));
    expect(await found('items', '8')).toContain('BOLT-M8');
    expect(await found('items', '-8')).not.toContain('BOLT-M8');
  });

  it('finds kinds by name, adaptors by their ends and fittings by the standard of their series', async () => {
    expect(await found('items', 'wrap')).toEqual(['W-FIRE-32', 'W-NYLON-30', 'W-SPIRAL-25']);
    expect(await found('items', 'adaptor 1/2')).toEqual([
      'A-MBSPP08-MJ08',
      'A-MFOR08-MORB08',
      'A-MJ08-MJ08-90',
      'A-MJ08-MORB08',
      'A-MNPT08-MJ08',
    ]);
    const fittings = await found('items', 'fitting 2SN -8');
    expect(fittings.length).toBeGreaterThan(5);
    for (const partNumber of fittings) expect(partNumber).toMatch(/^F-SN-08-/);
    expect(await found('ferrules', '2SN -8')).toEqual(['FER-SN-08']);
    expect(await found('crimpfittings', '4SP')).toEqual(['F-SP-16-C61-90']);
  });

  it('answers exactly what the rules for parts in hand say', async () => {
    const every = (await get(`${BASE}/items?itemsPerPage=500`)).items as Component[];
    const series = (await get(`${BASE}/couplingseries`)).items as CouplingSeries[];
    const describe = (part: Component) =>
      'series' in part
        ? series.find(
            (s) =>
              s.code.toLowerCase() === part.series.toLowerCase() &&
              s.brand.toLowerCase() === part.brand.toLowerCase(),
          )?.description
        : undefined;
    for (const q of ['2SN -8', '-8', '8', '1/2', '4000', '275 bar', 'R1', 'SN', 'fitting 90', 'jic 4500']) {
      const terms = parseLayline(q);
      const expected = every
        .filter((part) => matchesLayline(terms, part as LaylinePart, describe(part)))
        .map((part) => part.partNumber)
        .sort();
      expect(expected.length, q).toBeGreaterThan(0);
      expect(await found('items', q), q).toEqual(expected);
    }
  });
});

describe('the compatible fittings and ferrules of a hose', () => {
  it('are filtered by the text too', async () => {
    const [hose] = (await get(`${BASE}/hoses?q=GEN-2SN-08`)).items as Component[];
    const fittings = await get(`${BASE}/crimpfittingswithferrules?hoseId=${hose?._id}&q=orfs`);
    const partNumbers = fittings.items.map((f: Component) => f.partNumber).sort();
    expect(partNumbers).toEqual(['F-SN-08-FFOR', 'F-SN-08-FFOR90']);
    const every = await get(`${BASE}/crimpfittingswithferrules?hoseId=${hose?._id}&q=2SN`);
    expect(every.total).toBeGreaterThan(partNumbers.length);
    const ferrules = await get(`${BASE}/ferrule?hoseId=${hose?._id}&q=-6`);
    expect(ferrules.items).toEqual([]);
    expect((await get(`${BASE}/ferrule?hoseId=${hose?._id}&q=-8`)).items).toHaveLength(1);
  });
});

describe('the global search read as a layline', () => {
  it('finds hoses by dash, standard, bore and pressure', async () => {
    // A layline is printed on hose: the hose comes before the SN -8 fittings and ferrule that fit it.
    const page = await get(`/api/v1/search?searchText=${encodeURIComponent('2SN -8')}&itemsPerPage=10`);
    expect(page.items[0]).toMatchObject({ partNumber: 'GEN-2SN-08', objectType: 'hose' });
    expect(page.total).toBe(13);
    expect(await searched('2SN -8')).toContain('F-SN-08-FJX90');
    expect(await searched('2SN -8')).not.toContain('GEN-2SN-06');
    expect(await searched('R2AT 1/2 4000')).toEqual(['HX-R2AT-08']);
    expect(await searched('4000')).toEqual(expect.arrayContaining(['GEN-2SN-08', 'GEN-4SP-16', 'KIT-4000']));
    expect(await searched('1/2')).toEqual(expect.arrayContaining(['GEN-2SN-08', 'HX-R2AT-08']));
    const dash = await get(`/api/v1/search?searchText=-8&itemsPerPage=10`);
    expect(dash.total).toBeGreaterThan(10);
  });

  it('still ranks the exact part number first', async () => {
    const page = await get('/api/v1/search?searchText=GEN-2SN-08&itemsPerPage=10');
    expect(page.items[0].partNumber).toBe('GEN-2SN-08');
  });
});

describe('the global search of a rare layline reading', () => {
  let other: TestTenant;

  beforeAll(async () => {
    other = await createTenant(t, { tier: 'professional' });
    await add(
      shop,
      componentInput('hose', {
        partNumber: 'HX-R17-06',
        description: 'Compact hose',
        standard: 'SAE 100R17',
        dash: -6,
        workingPressurePsi: 3000,
      }),
    );
    // Another shop's parts match every reading below.
    await add(
      other,
      componentInput('hose', {
        partNumber: 'OT-R17-08',
        description: 'Compact hose',
        standard: 'SAE 100R17',
        dash: -8,
        workingPressurePsi: 3000,
      }),
    );
    await add(
      other,
      componentInput('hose', {
        partNumber: 'OT-2SN-08',
        description: 'EN853 2SN hose',
        standard: 'EN853 2SN',
        dash: -8,
        workingPressurePsi: 4000,
      }),
    );
    await add(
      other,
      componentInput('crimpFitting', {
        partNumber: 'OT-F-12',
        description: 'Straight fitting',
        dash: -12,
        workingPressurePsi: 5000,
      }),
    );
  });

  it("finds the parts it names, in the searcher's organisation only", async () => {
    expect(await searchedBy(shop, 'R17')).toEqual(['HX-R17-06']);
    expect(await searchedBy(other, 'R17')).toEqual(['OT-R17-08']);
    expect(await searchedBy(other, '2SN -8')).toEqual(['OT-2SN-08']);
    expect(await searchedBy(other, '275 bar')).toEqual(['OT-2SN-08']);
    expect(await searchedBy(other, '1/2')).toEqual(['OT-2SN-08', 'OT-R17-08']);
    expect(await searchedBy(other, 'R17 1/2')).toEqual(['OT-R17-08']);
    expect(await searchedBy(other, 'R13')).toEqual([]);
    for (const text of ['2SN -8', '275 bar', '1/2', '-8']) {
      const mine = await searchedBy(shop, text);
      expect(mine.length, text).toBeGreaterThan(0);
      expect(
        mine.filter((partNumber) => partNumber.startsWith('OT-')),
        text,
      ).toEqual([]);
    }
  });

  it('finds a standard exactly where the component lists do', async () => {
    for (const text of ['R1', 'R13', 'R17', '2SN', '4SP', 'EN853', 'ISO18752', 'sae100r1at']) {
      expect(await searchedBy(shop, text), text).toEqual(await found('items', text));
    }
  });

  it('finds parts by their kind', async () => {
    expect(await searched('wrap')).toEqual(['W-FIRE-32', 'W-NYLON-30', 'W-SPIRAL-25']);
  });
});
