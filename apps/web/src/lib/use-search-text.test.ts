import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LIST_SEARCH_DELAY_MS, useSearchText } from './use-search-text';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial = '') {
  const onSearch = vi.fn();
  const hook = renderHook(({ value }) => useSearchText(value, onSearch), {
    initialProps: { value: initial },
  });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const pause = () => act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS));
  return { hook, onSearch, type, pause };
}

describe('useSearchText', () => {
  test('searches once typing pauses, with the trimmed text', () => {
    const { hook, onSearch, type, pause } = setup();
    type('p');
    type('ph-1 ');
    expect(onSearch).not.toHaveBeenCalled();
    pause();
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ph-1');
    expect(hook.result.current[0]).toBe('ph-1 ');
  });

  test('the URL it set, rendered after the next key, does not overwrite that key', () => {
    const { hook, onSearch, type, pause } = setup();
    type('ph-100');
    pause();
    type('nobody here');
    // The navigation to ?q=ph-100 renders only now.
    hook.rerender({ value: 'ph-100' });
    expect(hook.result.current[0]).toBe('nobody here');
    pause();
    expect(onSearch).toHaveBeenLastCalledWith('nobody here');
  });

  test('a change of the URL from elsewhere shows in the box and searches nothing', () => {
    const { hook, onSearch, type, pause } = setup('hose');
    type('hose 2');
    pause();
    hook.rerender({ value: '' });
    expect(hook.result.current[0]).toBe('');
    pause();
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
