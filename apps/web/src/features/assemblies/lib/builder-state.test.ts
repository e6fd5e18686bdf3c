/** The builder's answers to safety findings (ADR 22): what is sent, and when a confirmation is asked again. */
import { describe, expect, it } from 'vitest';
import { createAssembly } from '../test-factories';
import { builderStateOf, draftOf, reconcileConfirmations } from './builder-state';

const hot = "120 °C is above hose GEN-2SN-08's highest temperature of 100 °C";
const hotter = "130 °C is above hose GEN-2SN-08's highest temperature of 100 °C";

function opened() {
  const saved = createAssembly();
  return builderStateOf(
    createAssembly({
      spec: {
        ...saved.spec,
        application: { tempC: 120, media: '' },
        confirmations: [{ code: 'temperature', reason: 'Short duty only' }],
      },
    }),
  );
}

describe('confirmations in the builder', () => {
  it('a saved revision opens with its confirmations ticked, and sends them again', () => {
    const state = opened();
    expect(state.confirmations).toEqual({
      temperature: { checked: true, reason: 'Short duty only', message: null },
    });
    expect(draftOf(state, null)?.confirmations).toEqual([{ code: 'temperature', reason: 'Short duty only' }]);
  });

  it('sends only ticked findings with a reason of 3 characters or more, trimmed', () => {
    const state = {
      ...opened(),
      confirmations: {
        temperature: { checked: true, reason: '  Short duty only ', message: hot },
        'bend-radius': { checked: false, reason: 'Static bend', message: null },
        'free-length': { checked: true, reason: 'ok', message: null },
      },
    };
    expect(draftOf(state, null)?.confirmations).toEqual([{ code: 'temperature', reason: 'Short duty only' }]);
    expect(draftOf({ ...state, confirmations: {} }, null)).not.toHaveProperty('confirmations');
  });

  it('takes the finding’s text when first compared, and asks again when the finding reads differently', () => {
    const state = opened();
    const compared = reconcileConfirmations(state, [{ code: 'temperature', message: hot }]);
    expect(compared.confirmations.temperature).toEqual({
      checked: true,
      reason: 'Short duty only',
      message: hot,
    });
    // Nothing changed: the same state (no re-render).
    expect(reconcileConfirmations(compared, [{ code: 'temperature', message: hot }])).toBe(compared);
    // Gone for now: kept as it is.
    expect(reconcileConfirmations(compared, [])).toBe(compared);
    const again = reconcileConfirmations(compared, [{ code: 'temperature', message: hotter }]);
    expect(again.confirmations.temperature).toEqual({
      checked: false,
      reason: 'Short duty only',
      message: null,
    });
    expect(draftOf(again, null)).not.toHaveProperty('confirmations');
  });
});
