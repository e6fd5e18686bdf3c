/**
 * The GEN demo catalogue (apps/server/src/modules/components/sample-catalogue.json) through the real app:
 * a -4 1SN and a -10 R15 assembly can be built from it, and every hose says what fits it and how to crimp it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAssemblyInput } from '../src/modules/demo/factories.ts';
import { sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let ids: Record<string, string>;
beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Catalogue Hydraulics' });
  ids = await sampleParts(t, shop);
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(shop.adminToken),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Both ends the same straight fitting with its ferrule, 1000 mm (the demo shop's factory): no orientation. */
function straightAssembly(hose: string, fitting: string, ferrule: string) {
  return sampleAssemblyInput(ids, { hose, endA: fitting, endB: fitting, ferrule, lengthMm: 1000 });
}

describe('assemblies the demo catalogue can build', () => {
  it.each([
    ['GEN-1SN-04', 'F-SN-04-FJX', 'FER-SN-04', -4],
    ['GEN-R15-10', 'F-XS-10-FJX', 'FER-XS-10', -10],
  ])('%s with %s and %s: computed without errors, then saved', async (hose, fitting, ferrule, dash) => {
    const input = straightAssembly(hose, fitting, ferrule);
    const computed = await call('POST', 'hoseassemblies/compute', input);
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.errors).toEqual([]);
    expect(computed.body.parts.hose).toMatchObject({ partNumber: hose, dash });
    expect(computed.body.parts.endA.ferrule.partNumber).toBe(ferrule);

    const saved = await call('POST', 'hoseassembly/new/update', input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.parts.endB).toMatchObject({
      fitting: { partNumber: fitting },
      ferrule: { partNumber: ferrule },
    });
    const listed = await call('GET', `hoseassemblies?dash=${-dash}`);
    expect(listed.body.items.map((a: { hosePartNumber: string }) => a.hosePartNumber)).toContain(hose);
  });
});

describe('what fits each hose of the demo catalogue', () => {
  interface Compatible {
    fittings: {
      item: { partNumber: string; series: string; pieces: number };
      compatible: boolean;
      ferrule: { partNumber: string } | null;
    }[];
    ferrules: { item: { partNumber: string }; compatible: boolean }[];
  }

  it('names its fittings, their ferrules and a crimp spec for each series; the gaps are the ones below', async () => {
    const hoses = await call('GET', 'organization/hoses?origin=catalogue&itemsPerPage=100');
    expect(hoses.body.total).toBe(9);
    const table: Record<string, { fittings: number; ferrules: string[]; crimpSpecs: string[] }> = {};
    for (const hose of hoses.body.items as { _id: string; partNumber: string }[]) {
      const fits: Compatible = (await call('GET', `organization/hose/${hose._id}/compatible`)).body;
      const specs = (await call('GET', `organization/hose/${hose._id}/crimpspecs`)).body as {
        fittingSeries: string;
      }[];
      const ok = fits.fittings.filter((f) => f.compatible);
      // A two-piece fitting is only offered with the ferrule it is crimped with.
      for (const f of ok) expect(f.ferrule !== null, f.item.partNumber).toBe(f.item.pieces === 2);
      table[hose.partNumber] = {
        fittings: ok.length,
        ferrules: fits.ferrules.filter((f) => f.compatible).map((f) => f.item.partNumber),
        crimpSpecs: specs.map((s) => s.fittingSeries),
      };
    }
    expect(table).toEqual({
      'GEN-1SN-04': { fittings: 1, ferrules: ['FER-SN-04'], crimpSpecs: ['SN'] },
      'GEN-2SN-06': { fittings: 4, ferrules: ['FER-SN-06'], crimpSpecs: ['SN'] },
      'GEN-2SN-08': { fittings: 11, ferrules: ['FER-SN-08'], crimpSpecs: ['SN'] },
      // The catalogue has -12 SN fittings but no -12 SN ferrule: nothing can be crimped on it yet.
      'GEN-2SN-12': { fittings: 0, ferrules: [], crimpSpecs: ['SN'] },
      'GEN-4SP-16': { fittings: 1, ferrules: ['FER-SP-16'], crimpSpecs: ['SP'] },
      'GEN-R13-12': { fittings: 1, ferrules: ['FER-XS-12'], crimpSpecs: ['XS'] },
      'GEN-R15-10': { fittings: 1, ferrules: ['FER-XS-10'], crimpSpecs: ['XS'] },
      // The one-piece TP banjo takes no ferrule; the catalogue has no TP crimp spec.
      'GEN-R7-04': { fittings: 1, ferrules: [], crimpSpecs: [] },
      // Series SU is not a coupling series of the catalogue: nothing fits.
      'GEN-R4-24': { fittings: 0, ferrules: [], crimpSpecs: [] },
    });
  });
});
