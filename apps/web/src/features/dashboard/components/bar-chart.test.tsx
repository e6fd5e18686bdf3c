import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-app';
import { BarChart } from './bar-chart';

/** jsdom lays nothing out: the chart's container is given a width, as a browser would. */
let restore: PropertyDescriptor | undefined;
beforeEach(() => {
  restore = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
afterEach(() => {
  if (restore) Object.defineProperty(HTMLElement.prototype, 'clientWidth', restore);
});

/** Each bar by the figure it names on hover, with its drawn length along the value axis. */
function bars(container: HTMLElement, along: 'width' | 'height') {
  return [...container.querySelectorAll('rect')].map((rect) => ({
    title: rect.querySelector('title')?.textContent,
    length: Number(rect.getAttribute(along)),
    fill: rect.getAttribute('fill'),
  }));
}

describe('the dashboard bar chart', () => {
  it('draws a bar per category and series, as long as its figure, with its legend', () => {
    const { container, getByText } = renderWithProviders(
      <BarChart
        height={240}
        sideWidth={32}
        legend
        categories={['Mon', 'Tue']}
        series={[
          { label: 'Built', values: [4, 2], color: '#123456' },
          { label: 'Tagged', values: [1, 0], color: '#abcdef' },
        ]}
      />,
    );
    const drawn = bars(container, 'height');
    expect(drawn.map((b) => b.title)).toEqual([
      'Mon, Built: 4',
      'Mon, Tagged: 1',
      'Tue, Built: 2',
      'Tue, Tagged: 0',
    ]);
    const [mon, monTagged, tue, tueTagged] = drawn;
    expect(mon?.length).toBeCloseTo(2 * (tue?.length ?? 0));
    expect(mon?.length).toBeCloseTo(4 * (monTagged?.length ?? 0));
    expect(tueTagged?.length).toBe(0);
    expect(drawn.map((b) => b.fill)).toEqual(['#123456', '#abcdef', '#123456', '#abcdef']);
    expect(getByText('Built')).toBeTruthy();
    expect(getByText('Tagged')).toBeTruthy();
  });

  it('lays bars on their side, coloured one by one, and labels the axis with whole numbers only', () => {
    const { container } = renderWithProviders(
      <BarChart
        height={200}
        horizontal
        sideWidth={88}
        categories={['Draft', 'Released']}
        series={[{ label: 'Work orders', values: [2, 1], color: ['#111111', '#222222'] }]}
      />,
    );
    const [draft, released] = bars(container, 'width');
    expect(draft?.length).toBeCloseTo(2 * (released?.length ?? 0));
    expect([draft?.fill, released?.fill]).toEqual(['#111111', '#222222']);
    const ticks = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['Draft', 'Released', '0', '1', '2']));
    expect(ticks).not.toContain('0.5');
  });
});
