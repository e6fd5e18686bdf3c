/** English text of the units (Canadian spelling; see en.ts). */
export const enUnits = {
  /** The unit symbols as written after a value. */
  mm: 'mm',
  in: 'in',
  bar: 'bar',
  psi: 'psi',
  systems: {
    metric: 'Metric (mm, bar)',
    imperial: 'Imperial (in, psi)',
  },
  choice: {
    label: 'Units',
    organizationDefault: 'Organization default',
    organizationDefaultIs: 'Organization default ({{system}})',
    help: 'Lengths and pressures on every screen, PDF and tag. Inches take fractions such as 39-3/8.',
    saved: 'Units saved: {{system}}',
    savedDefault: "Units saved: the organization's default",
  },
  lengthErrors: {
    empty: 'Enter a length',
    unreadable: 'Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in',
    fractionWithoutInches: 'A fraction needs inches: write it as 3/8 in',
    zeroDenominator: 'A fraction cannot be over 0',
  },
  pressureErrors: {
    empty: 'Enter a pressure',
    unreadable: 'Write a pressure such as 4000 psi or 275 bar',
    fractionWithoutInches: 'Write the pressure as a whole or decimal number',
    zeroDenominator: 'A fraction cannot be over 0',
  },
  /** Under a length field once it reads: "= 1,000.1 mm". */
  reads: '= {{value}}',
};
