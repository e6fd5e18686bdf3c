/** US English (the fallback locale): US spellings; every other string comes from `en`. */
export const enUs = {
  spelling: {
    labour: 'labor',
    colour: 'color',
    neighbour: 'neighbor',
    centre: 'center',
    Labour: 'Labor',
    Colour: 'Color',
    Neighbour: 'Neighbor',
    Centre: 'Center',
    catalogue: 'catalog',
    Catalogue: 'Catalog',
    metre: 'meter',
    Metre: 'Meter',
    metres: 'meters',
    millimetres: 'millimeters',
  },
};
