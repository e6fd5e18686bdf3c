import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, i18n, resources } from './index';

afterEach(() => applyLocale('en_ca'));

describe('translations (locale)', () => {
  it('starts in en_ca', () => {
    expect(i18n.language).toBe('en-CA');
    expect(document.documentElement.lang === '' || document.documentElement.lang === 'en-CA').toBe(true);
  });

  it('keeps the spelling lists in every locale, US spellings for en_us', () => {
    expect(resources['en-CA'].translation.spelling).toMatchObject({
      labour: 'labour',
      colour: 'colour',
      neighbour: 'neighbour',
      centre: 'centre',
    });
    expect(resources['en-US'].translation.spelling).toMatchObject({
      labour: 'labor',
      colour: 'color',
      neighbour: 'neighbor',
      centre: 'center',
    });
    expect(resources.en.translation.spelling).toMatchObject({ labour: 'labour', centre: 'centre' });
  });

  it('spells nested words by locale and falls back to the shared text', () => {
    expect(i18n.t('home.points.grow.text')).toContain('parts and labour');
    applyLocale('en_us');
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('home.points.grow.text')).toContain('parts and labor');
    expect(i18n.t('spelling.colour')).toBe('color');
    expect(i18n.t('footer.company')).toBe('Hosewright Software Inc.');
    applyLocale('en');
    expect(i18n.t('spelling.neighbour')).toBe('neighbour');
  });
});
