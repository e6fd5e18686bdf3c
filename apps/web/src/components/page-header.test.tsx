import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeSessionProfile } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { renderWithProviders } from '@/test/render-app';
import { isToolVisible, PageHeader, type PageTool } from './page-header';

const tools: PageTool[] = [
  { commandId: 'export', title: 'Export', roles: ['regular', 'admin'] },
  { commandId: 'import', title: 'Import', roles: ['admin'] },
  { commandId: 'hidden', title: 'Hidden', roles: ['regular'], hidden: true },
  {
    commandId: 'workorder',
    title: 'Create work order',
    roles: ['regular'],
    subscriptions: ['professional', 'enterprise'],
  },
];

describe('page header', () => {
  it('shows a tool only for a held role, not hidden, and an allowed tier', () => {
    const regularTrial = {
      roles: ['regular'],
      subscription: { tier: 'trial' as const, expires: '2099-01-01' },
    };
    expect(tools.filter((tool) => isToolVisible(tool, regularTrial)).map((t) => t.commandId)).toEqual([
      'export',
    ]);
    const adminPro = {
      roles: ['admin'],
      subscription: { tier: 'professional' as const, expires: '2099-01-01' },
    };
    expect(tools.filter((tool) => isToolVisible(tool, adminPro)).map((t) => t.commandId)).toEqual([
      'export',
      'import',
    ]);
    expect(isToolVisible(tools[0]!, null)).toBe(false);
  });

  it('emits the item index and the item on click', async () => {
    storeSessionProfile(createSessionProfile({ userRoles: ['regular'], subscription: 'professional' }));
    const onCommand = vi.fn();
    renderWithProviders(<PageHeader title="Customers" tools={tools} onCommand={onCommand} />, {
      auth: signedInDouble(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Export',
      'Create work order',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create work order' }));
    expect(onCommand).toHaveBeenCalledWith(3, tools[3]);
  });

  it('has a loading state for the tools', () => {
    renderWithProviders(<PageHeader title="Customers" tools={tools} isToolsLoading />, {
      auth: signedInDouble(),
    });
    const button = screen.getByRole('button', { name: 'Tools' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
