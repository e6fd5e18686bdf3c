// An ERP's first calls to Hosewright (README, "Connecting an ERP"); `apps/server/test/erp-example.test.ts`
// runs this very file against a running server. Node 20 or later, no packages:
//
//   HOSEWRIGHT_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... CUSTOMER_ID=... node docs/api/erp-example.mjs
//
// It exchanges the API key for an access token, finds the parts by part number, saves a hose assembly for the
// customer (the `apicustomerid` header) and reads it back.
const { HOSEWRIGHT_URL, CLIENT_ID, CLIENT_SECRET, CUSTOMER_ID } = process.env;
const api = `${HOSEWRIGHT_URL ?? 'http://localhost:3000'}/api/v1`;

async function send(method, path, { token, body } = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}`, apicustomerid: CUSTOMER_ID } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  // Every error answers { statusCode, code, message, details? }; details.apiFailed: exchange the key again.
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer;
}

// 1. The key for a 10-minute access token (OAuth 2.0 client credentials).
const { access_token: token } = await send('POST', '/oauth/token', {
  body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
});

// 2. The parts, by part number.
async function part(list, partNumber) {
  const { items } = await send('GET', `/organization/${list}?q=${encodeURIComponent(partNumber)}`, { token });
  const found = items.find((item) => item.partNumber === partNumber);
  if (!found) throw new Error(`No ${partNumber} in ${list}`);
  return found._id;
}
const hoseId = await part('hoses', 'GEN-2SN-08');
const end = {
  fittingId: await part('crimpfittings', 'F-SN-08-FJX90'),
  ferruleId: await part('ferrules', 'FER-SN-08'),
};

// 3. A new hose assembly for the customer: 1,000 mm overall, both ends 90°, clocked 90° clockwise.
const saved = await send('POST', '/hoseassembly/new/update', {
  token,
  body: {
    hoseId,
    endA: end,
    endB: end,
    overallLengthMm: 1000,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    quantity: 2,
    description: 'Loader boom, cylinder to valve',
  },
});

// 4. Read it back.
const assembly = await send('GET', `/hoseassembly/${saved._id}`, { token });
console.log(
  `${assembly.partNumber} rev ${assembly.revision}: cut ${assembly.computed.cutLengthMm} mm, for customer ${assembly.customerId}`,
);
