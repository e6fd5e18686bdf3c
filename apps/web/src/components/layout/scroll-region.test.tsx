import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region';

describe('scroll region (the box a wide table scrolls in)', () => {
  it('is a named region the keyboard reaches, so the arrow keys can scroll it', async () => {
    render(
      <>
        <button type="button">Before</button>
        <ScrollRegion aria-label="Lines of WO-00001">
          <table>
            <tbody>
              <tr>
                <td>GEN-2SN-08</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Lines of WO-00001' }));
  });
});
