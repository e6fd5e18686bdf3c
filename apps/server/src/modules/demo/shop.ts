/**
 * The demo shop inside the demo organisation (issue 19): customers with contacts and terms, a few dozen
 * assemblies of the sample catalogue (some revised, some with built units), kits, a price list, estimates in
 * each status and work orders in each status. Made through the modules' services with inputs parsed by the
 * contracts' schemas, as the API makes them, so every row is valid by construction. Fixed names and
 * quantities; dates are counted from the day it is made; only the ids change between runs.
 */
import {
  type BuildStepInput,
  buildStepInputSchema,
  type CustomerInputDraft,
  customerInputSchema,
  type EstimateLineInputDraft,
  estimateAcceptSchema,
  estimateCreateSchema,
  type HoseKitLineInputDraft,
  hoseAssemblyInputSchema,
  hoseKitInputSchema,
  priceListInputSchema,
  priceListItemInputSchema,
  priceListPublishSchema,
  type WorkOrderCreateDraft,
  workOrderCreateSchema,
} from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import { createAssembly, createSerials, reviseAssembly } from '../assemblies/service.ts';
import { createCustomer } from '../customers/service.ts';
import { acceptEstimate, createEstimate, declineEstimate, markEstimateSent } from '../estimates/service.ts';
import { createKit, releaseKit } from '../kits/service.ts';
import { createPriceList, publishPriceListDraft, savePriceListItem } from '../pricelists/service.ts';
import { completeWorkOrder, recordStep } from '../workorders/building.ts';
import { cancelWorkOrder, createWorkOrder, releaseWorkOrder } from '../workorders/service.ts';
import { PASSING_STEPS, type SampleAssembly, sampleAssemblyInput } from './factories.ts';

/** Who makes the demo shop: the demo admin. */
export interface DemoUser {
  id: string;
  name: string;
}

const address = (line1: string, city: string, region: string, postalCode: string) => ({
  line1,
  city,
  region,
  postalCode,
  country: 'Canada',
});

export const DEMO_CUSTOMERS: readonly CustomerInputDraft[] = [
  {
    name: 'Red Deer Excavating',
    domain: 'reddeerex.example',
    accountNumber: 'C-1001',
    contacts: [
      { name: 'Pat Buyer', role: 'Purchasing', email: 'pat@reddeerex.example', phone: '403-555-0100' },
      { name: 'Sam Fixit', role: 'Shop foreman', email: 'sam@reddeerex.example', phone: '403-555-0101' },
    ],
    billingAddress: address('4810 Gaetz Ave', 'Red Deer', 'AB', 'T4N 4A5'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    marginPct: 35,
    discountPct: 5,
    productGroupTerms: [{ productGroup: 'Hose', marginPct: 40 }],
  },
  {
    name: 'Prairie Ag Services',
    domain: 'prairieag.example',
    accountNumber: 'C-1002',
    contacts: [{ name: 'Lee Harvest', role: 'Owner', email: 'lee@prairieag.example', phone: '306-555-0142' }],
    billingAddress: address('12 Railway St', 'Swift Current', 'SK', 'S9H 0A1'),
    taxes: [
      { name: 'GST', ratePct: 5 },
      { name: 'PST', ratePct: 6 },
    ],
    marginPct: 30,
  },
  {
    name: 'Northline Forestry',
    domain: 'northline.example',
    accountNumber: 'C-1003',
    contacts: [
      {
        name: 'Robin Spruce',
        role: 'Fleet manager',
        email: 'robin@northline.example',
        phone: '250-555-0177',
      },
    ],
    billingAddress: address('900 Mill Rd', 'Prince George', 'BC', 'V2N 2S6'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    marginPct: 32,
    discountPct: 3,
  },
  {
    name: 'Bow River Municipal District',
    domain: 'bowriver.example',
    accountNumber: 'C-1004',
    contacts: [{ name: 'Alex Roads', role: 'Public works', email: 'alex@bowriver.example', phone: '' }],
    billingAddress: address('1 Civic Plaza', 'Cochrane', 'AB', 'T4C 1A1'),
    taxExempt: true,
    marginPct: 25,
  },
  {
    name: 'Summit Crane Rentals',
    domain: 'summitcrane.example',
    accountNumber: 'C-1005',
    contacts: [
      {
        name: 'Jordan Lift',
        role: 'Maintenance',
        email: 'jordan@summitcrane.example',
        phone: '780-555-0119',
      },
    ],
    billingAddress: address('77 Industrial Way', 'Edmonton', 'AB', 'T6E 5Z2'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    discountPct: 8,
  },
  {
    name: 'Coastal Marine Hydraulics',
    domain: 'coastalmarine.example',
    accountNumber: 'C-1006',
    contacts: [{ name: 'Morgan Tide', role: 'Buyer', email: 'morgan@coastalmarine.example', phone: '' }],
    billingAddress: address('5 Harbour Rd', 'Nanaimo', 'BC', 'V9R 5L3'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    marginPct: 38,
  },
  {
    name: 'Tri-County Waste Haulers',
    domain: 'tricounty.example',
    accountNumber: 'C-1007',
    contacts: [
      { name: 'Casey Route', role: 'Dispatch', email: 'casey@tricounty.example', phone: '403-555-0160' },
    ],
    billingAddress: address('300 Landfill Rd', 'Airdrie', 'AB', 'T4B 2A3'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    marginPct: 30,
    discountPct: 10,
  },
  {
    name: 'Foothills Oilfield Supply',
    domain: 'foothillsoil.example',
    accountNumber: 'C-1008',
    contacts: [
      { name: 'Drew Rig', role: 'Purchasing', email: 'drew@foothillsoil.example', phone: '403-555-0188' },
    ],
    billingAddress: address('48 Pipeline Cres', 'Okotoks', 'AB', 'T1S 1B2'),
    taxes: [{ name: 'GST', ratePct: 5 }],
    marginPct: 33,
    notes: 'Deliveries to the yard gate only.',
  },
];

/** The demo's assemblies, each with the index of its customer in `DEMO_CUSTOMERS` where it has one. */
export const DEMO_ASSEMBLIES: readonly (SampleAssembly & { customer?: number })[] = [
  // The worked example: the work orders build it (its bench steps are `PASSING_STEPS`).
  {
    hose: 'GEN-2SN-08',
    endA: 'F-SN-08-FJX90',
    endB: 'F-SN-08-FJX90',
    ferrule: 'FER-SN-08',
    lengthMm: 1000,
    orientationDeg: 90,
    description: 'Boom cylinder, rod end',
    customer: 0,
  },
  sn08('F-SN-08-FJX', 'F-SN-08-FJX', 600, 'Pilot line', 0),
  sn08('F-SN-08-FJX', 'F-SN-08-FJX90', 1500, 'Bucket cylinder, base end', 0),
  sn08('F-SN-08-FJX', 'F-SN-08-FJX45', 800, 'Thumb cylinder', 2),
  sn08('F-SN-08-MJ', 'F-SN-08-FJX', 450, 'Valve jumper'),
  sn08('F-SN-08-FFOR', 'F-SN-08-FFOR', 700, 'Loader lift, ORFS', 1),
  sn08('F-SN-08-FFOR90', 'F-SN-08-FFOR', 1200, 'Loader tilt, ORFS', 1),
  sn08('F-SN-08-MORB', 'F-SN-08-FJX', 900, 'Pump pressure line', 4),
  sn08('F-SN-08-FBSPP90', 'F-SN-08-MBSPP', 650, 'Power pack outlet', 5),
  sn08('F-SN-08-MNPT', 'F-SN-08-FJX', 2000, 'Tank return'),
  sn08('F-SN-08-DKOL15', 'F-SN-08-DKOL15', 550, 'Crane slew motor', 4),
  { ...sn08('F-SN-08-FJX90', 'F-SN-08-FJX90', 1800, 'Stick cylinder', 2), orientationDeg: 0 },
  { ...sn08('F-SN-08-FJX45', 'F-SN-08-FJX45', 750, 'Grapple rotator'), orientationDeg: 180 },
  sn08('F-SN-08-MORB', 'F-SN-08-FFOR', 1000, 'Steering cylinder', 6),
  sn08('F-SN-08-FJX', 'F-SN-08-FJX', 2500, 'Auxiliary hydraulics'),
  sn06('F-SN-06-FJX', 'F-SN-06-FJX', 500, 'Brake line', 6),
  sn06('F-SN-06-FJX90', 'F-SN-06-FJX', 900, 'Tailgate cylinder', 6),
  sn06('F-SN-06-FFOR', 'F-SN-06-FFOR', 650, 'Tractor remote', 1),
  sn06('F-SN-06-FBSPP', 'F-SN-06-FJX', 1100, 'Log splitter feed'),
  { ...sn06('F-SN-06-FJX90', 'F-SN-06-FJX90', 1400, 'Mower deck lift', 3), orientationDeg: 90 },
  sn06('F-SN-06-FJX', 'F-SN-06-FJX', 3000, 'Outrigger feed', 4),
  { hose: 'GEN-1SN-04', endA: 'F-SN-04-FJX', endB: 'F-SN-04-FJX', ferrule: 'FER-SN-04', lengthMm: 400 },
  {
    hose: 'GEN-1SN-04',
    endA: 'F-SN-04-FJX',
    endB: 'F-SN-04-FJX',
    ferrule: 'FER-SN-04',
    lengthMm: 1200,
    description: 'Gauge line',
  },
  xs10(1500, 'Drill head feed', 7),
  xs10(900, 'Rotary head return', 7),
  {
    hose: 'GEN-R13-12',
    endA: 'F-XS-12-FJX90',
    endB: 'F-XS-12-FJX90',
    ferrule: 'FER-XS-12',
    lengthMm: 1600,
    orientationDeg: 45,
    description: 'Excavator main pump',
    customer: 0,
  },
  {
    hose: 'GEN-R13-12',
    endA: 'F-XS-12-FJX90',
    endB: 'F-XS-12-FJX90',
    ferrule: 'FER-XS-12',
    lengthMm: 2200,
    orientationDeg: 0,
    description: 'Travel motor',
  },
  {
    hose: 'GEN-4SP-16',
    endA: 'F-SP-16-C61-90',
    endB: 'F-SP-16-C61-90',
    ferrule: 'FER-SP-16',
    lengthMm: 1800,
    orientationDeg: 90,
    description: 'Pump suction side flange',
    customer: 4,
  },
  {
    hose: 'GEN-4SP-16',
    endA: 'F-SP-16-C61-90',
    endB: 'F-SP-16-C61-90',
    ferrule: 'FER-SP-16',
    lengthMm: 2400,
    orientationDeg: 0,
    description: 'Main valve feed',
  },
];

function sn08(endA: string, endB: string, lengthMm: number, description: string, customer?: number) {
  return { hose: 'GEN-2SN-08', endA, endB, ferrule: 'FER-SN-08', lengthMm, description, customer };
}
function sn06(endA: string, endB: string, lengthMm: number, description: string, customer?: number) {
  return { hose: 'GEN-2SN-06', endA, endB, ferrule: 'FER-SN-06', lengthMm, description, customer };
}
function xs10(lengthMm: number, description: string, customer?: number) {
  return {
    hose: 'GEN-R15-10',
    endA: 'F-XS-10-FJX',
    endB: 'F-XS-10-FJX',
    ferrule: 'FER-XS-10',
    lengthMm,
    description,
    customer,
  };
}

/** Assemblies (by index in `DEMO_ASSEMBLIES`) saved again as revision B: a length changed. */
const REVISED: readonly { index: number; lengthMm: number; notes: string }[] = [
  { index: 1, lengthMm: 620, notes: 'Lengthened 20 mm after the pilot valve moved.' },
  { index: 6, lengthMm: 1250, notes: 'Longer to clear the new quick coupler.' },
  { index: 16, lengthMm: 520, notes: 'Lengthened for the new axle.' },
];

/** Assemblies (by index) with units built outside a work order, and how many. */
const BUILT: readonly { index: number; units: number }[] = [
  { index: 2, units: 2 },
  { index: 5, units: 4 },
  { index: 10, units: 1 },
  { index: 22, units: 3 },
  { index: 26, units: 2 },
];

/** A kit line: an assembly by index, a sample part by part number, or an other item as the editor sends it. */
type KitLine =
  | { assembly: number; quantity: number }
  | { part: string; quantity: number }
  | HoseKitLineInputDraft;

export const DEMO_KITS: readonly {
  partNumber: string;
  description: string;
  machine: string;
  customer?: number;
  released: boolean;
  lines: readonly KitLine[];
}[] = [
  {
    partNumber: 'KIT-EX350',
    description: 'Excavator service kit',
    machine: 'EX350 excavator',
    customer: 0,
    released: true,
    lines: [
      { assembly: 0, quantity: 2 },
      { assembly: 1, quantity: 2 },
      { assembly: 2, quantity: 1 },
      { part: 'A-MJ08-MORB08', quantity: 2 },
      { lineType: 'other', description: 'Hose clamps', quantity: 4, unitCost: 1.25 },
    ],
  },
  {
    partNumber: 'KIT-LDR544',
    description: 'Loader lift and tilt kit',
    machine: '544 wheel loader',
    customer: 1,
    released: true,
    lines: [
      { assembly: 5, quantity: 2 },
      { assembly: 6, quantity: 2 },
    ],
  },
  {
    partNumber: 'KIT-TRUCK-PTO',
    description: 'Refuse truck body kit',
    machine: 'Side loader body',
    customer: 6,
    released: false,
    lines: [
      { assembly: 15, quantity: 2 },
      { assembly: 16, quantity: 1 },
      { assembly: 13, quantity: 1 },
    ],
  },
  {
    partNumber: 'KIT-DRILL-R15',
    description: 'Drill rig high-pressure kit',
    machine: 'Top-hammer drill',
    customer: 7,
    released: false,
    lines: [
      { assembly: 23, quantity: 2 },
      { assembly: 24, quantity: 2 },
      { lineType: 'other', description: 'Protective caps', quantity: 4, unitCost: 0.6 },
    ],
  },
];

export const DEMO_PRICE_LIST = 'Contract customers';

function addDays(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The ids of the organisation's components by part number (the sample catalogue's). */
async function partIds(tx: Tx, organizationId: string): Promise<Record<string, string>> {
  const rows = await tx
    .select({ id: components.id, partNumber: components.partNumber })
    .from(components)
    .where(and(eq(components.organizationId, organizationId), eq(components.sample, true)));
  return Object.fromEntries(rows.map((r) => [r.partNumber, r.id]));
}

/**
 * Builds the demo shop in `organizationId`, which has the sample catalogue and its stock (stock.ts) with a
 * default warehouse; `user` is the admin who makes it.
 */
export async function buildDemoShop(tx: Tx, organizationId: string, user: DemoUser): Promise<void> {
  const ids = await partIds(tx, organizationId);

  const customers: string[] = [];
  for (const input of DEMO_CUSTOMERS) {
    customers.push((await createCustomer(tx, organizationId, customerInputSchema.parse(input)))._id);
  }

  const assemblies: string[] = [];
  for (const { customer, ...assembly } of DEMO_ASSEMBLIES) {
    const input = sampleAssemblyInput(ids, assembly, {
      customerId: customer === undefined ? undefined : customers[customer],
    });
    assemblies.push(
      (await createAssembly(tx, organizationId, user.id, hoseAssemblyInputSchema.parse(input)))._id,
    );
  }
  for (const { index, lengthMm, notes } of REVISED) {
    const { customer, ...assembly } = DEMO_ASSEMBLIES[index]!;
    const input = sampleAssemblyInput(ids, assembly, {
      overallLengthMm: lengthMm,
      notes,
      customerId: customer === undefined ? undefined : customers[customer],
    });
    const revised = await reviseAssembly(
      tx,
      organizationId,
      user.id,
      assemblies[index]!,
      hoseAssemblyInputSchema.parse(input),
    );
    assemblies[index] = revised._id;
  }
  for (const { index, units } of BUILT) {
    await createSerials(tx, organizationId, user.id, assemblies[index]!, { quantity: units });
  }

  const kits: string[] = [];
  for (const kit of DEMO_KITS) {
    const lines = kit.lines.map((line) => {
      if ('assembly' in line) {
        return {
          lineType: 'hoseAssembly',
          hoseAssemblyId: assemblies[line.assembly],
          quantity: line.quantity,
        };
      }
      if ('part' in line)
        return { lineType: 'component', componentId: ids[line.part], quantity: line.quantity };
      return line;
    });
    const made = await createKit(
      tx,
      organizationId,
      user.id,
      hoseKitInputSchema.parse({
        partNumber: kit.partNumber,
        description: kit.description,
        machine: kit.machine,
        customerId: kit.customer === undefined ? undefined : customers[kit.customer],
        lines,
      }),
    );
    if (kit.released) await releaseKit(tx, organizationId, made._id);
    kits.push(made._id);
  }

  await buildPriceList(tx, organizationId, user, { customers, assemblies, kits, ids });
  await buildEstimates(tx, organizationId, user, { customers, assemblies, kits, ids });
  await buildWorkOrders(tx, organizationId, user, { customers, assemblies });
}

interface Made {
  customers: string[];
  assemblies: string[];
  kits: string[];
  ids: Record<string, string>;
}

/** A list pricing two contract customers, published today. */
async function buildPriceList(tx: Tx, organizationId: string, user: DemoUser, made: Made): Promise<void> {
  const list = await createPriceList(
    tx,
    organizationId,
    priceListInputSchema.parse({
      name: DEMO_PRICE_LIST,
      description: 'Agreed prices for crane and waste-hauling fleets',
      customerIds: [made.customers[4], made.customers[6]],
    }),
  );
  const items = [
    { itemType: 'assembly', itemId: made.assemblies[7], unitPrice: 6450, breaks: [] },
    { itemType: 'assembly', itemId: made.assemblies[10], unitPrice: 5200, breaks: [] },
    { itemType: 'assembly', itemId: made.assemblies[13], unitPrice: 5800, breaks: [] },
    { itemType: 'assembly', itemId: made.assemblies[15], unitPrice: 3400, breaks: [] },
    { itemType: 'assembly', itemId: made.assemblies[16], unitPrice: 4100, breaks: [] },
    { itemType: 'assembly', itemId: made.assemblies[28], unitPrice: 21500, breaks: [] },
    { itemType: 'kit', itemId: made.kits[2], unitPrice: 14900, breaks: [] },
    {
      itemType: 'component',
      itemId: made.ids['F-SN-08-FJX'],
      unitPrice: 650,
      breaks: [{ minQuantity: 25, unitPrice: 575 }],
    },
    {
      itemType: 'component',
      itemId: made.ids['FER-SN-08'],
      unitPrice: 240,
      breaks: [{ minQuantity: 50, unitPrice: 199 }],
    },
  ];
  for (const item of items) {
    await savePriceListItem(tx, organizationId, list._id, priceListItemInputSchema.parse(item));
  }
  await publishPriceListDraft(
    tx,
    organizationId,
    user.id,
    list._id,
    priceListPublishSchema.parse({ effectiveFrom: addDays(0), note: 'Opening prices' }),
  );
}

/** Estimates: drafts, sent ones (not emailed: the demo sends no mail), an accepted and a declined one. */
async function buildEstimates(tx: Tx, organizationId: string, user: DemoUser, made: Made): Promise<void> {
  const assembly = (index: number, quantity: number): EstimateLineInputDraft => ({
    type: 'assembly',
    itemId: made.assemblies[index]!,
    quantity,
  });
  const create = async (customer: number, description: string, lines: EstimateLineInputDraft[]) => {
    const contact = DEMO_CUSTOMERS[customer]!.contacts?.[0];
    return createEstimate(
      tx,
      organizationId,
      user.id,
      estimateCreateSchema.parse({
        customerId: made.customers[customer],
        contact: contact && { name: contact.name, email: contact.email, phone: contact.phone },
        description,
        lines,
      }),
    );
  };
  await create(0, 'Boom rebuild', [
    assembly(0, 2),
    assembly(2, 1),
    { type: 'labour', description: 'Remove and refit', quantity: 3 },
  ]);
  await create(3, 'Grader spares', [assembly(19, 2), assembly(21, 2)]);
  const sent = await create(1, 'Loader hoses for spring', [
    { type: 'kit', itemId: made.kits[1]!, quantity: 1 },
    assembly(17, 2),
    { type: 'freight', description: 'Courier to Swift Current', quantity: 1, unitPriceOverride: 4500 },
  ]);
  await markEstimateSent(tx, organizationId, sent._id, undefined);
  const contract = await create(4, 'Crane annual service', [
    assembly(7, 2),
    assembly(10, 2),
    assembly(28, 1),
  ]);
  await markEstimateSent(tx, organizationId, contract._id, undefined);
  const accepted = await create(2, 'Forwarder boom hoses', [assembly(3, 2), assembly(11, 1)]);
  await acceptEstimate(
    tx,
    organizationId,
    user.id,
    accepted._id,
    estimateAcceptSchema.parse({ workOrders: 'perEstimate', dueDate: addDays(10) }),
  );
  const declined = await create(5, 'Deck crane hoses', [assembly(8, 4)]);
  await declineEstimate(tx, organizationId, declined._id, 'Went with a cheaper quote');
}

/** Work orders of the worked example from the main shop's stock, one in every status. */
async function buildWorkOrders(
  tx: Tx,
  organizationId: string,
  user: DemoUser,
  made: Pick<Made, 'customers' | 'assemblies'>,
): Promise<void> {
  const create = (input: WorkOrderCreateDraft) =>
    createWorkOrder(tx, organizationId, user.id, workOrderCreateSchema.parse(input));
  const example = (quantity: number, description: string, dueInDays: number) =>
    create({
      from: 'assemblies',
      lines: [{ hoseAssemblyId: made.assemblies[0]!, quantity }],
      customerId: made.customers[0],
      dueDate: addDays(dueInDays),
      description,
    });
  const steps = async (orderId: string, unitId: string, which: readonly BuildStepInput[]) => {
    for (const step of which) {
      await recordStep(tx, organizationId, user, orderId, unitId, step);
    }
  };
  const passing = PASSING_STEPS.map((s) => buildStepInputSchema.parse(s));

  await create({
    from: 'assemblies',
    lines: [
      { hoseAssemblyId: made.assemblies[4]!, quantity: 2 },
      { hoseAssemblyId: made.assemblies[15]!, quantity: 1 },
    ],
    customerId: made.customers[6],
    dueDate: addDays(14),
    priority: 'low',
    description: 'Truck body spares',
  });

  const released = await example(2, 'Boom hoses for the EX350', 5);
  await releaseWorkOrder(tx, organizationId, user.id, released._id);

  const started = await example(2, 'Breakdown: boom cylinder hose', 1);
  const startedUnits = (await releaseWorkOrder(tx, organizationId, user.id, started._id)).units;
  await steps(started._id, startedUnits[0]!._id, passing.slice(0, 3));

  const done = await example(2, 'Spare boom hoses', -3);
  for (const unit of (await releaseWorkOrder(tx, organizationId, user.id, done._id)).units) {
    await steps(done._id, unit._id, passing);
  }
  await completeWorkOrder(tx, organizationId, user.id, done._id);

  const cancelled = await example(1, 'Duplicate order', 7);
  await cancelWorkOrder(tx, organizationId, cancelled._id, 'Entered twice');
}
