/** Canadian English: the default locale. It reads the full text from `en`; its spelling list is explicit. */
export const enCa = {
  spelling: {
    labour: 'labour',
    colour: 'colour',
    neighbour: 'neighbour',
    centre: 'centre',
    Labour: 'Labour',
    Colour: 'Colour',
    Neighbour: 'Neighbour',
    Centre: 'Centre',
  },
};
