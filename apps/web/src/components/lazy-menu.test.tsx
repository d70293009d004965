import { Button, Menu } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../app/deferred';
import { renderWithProviders } from '../test/render-with-providers';
import { LazyMenu, type MenuPartProps } from './lazy-menu';

function ChoiceMenu({ target, opened, onChange }: MenuPartProps) {
  return (
    <Menu opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Français</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Harness() {
  const [opened, setOpened] = useState(false);
  const part = useState(() => deferred(() => Promise.resolve(ChoiceMenu)))[0];
  return <LazyMenu part={part} opened={opened} onChange={setOpened} target={<Button>Langue</Button>} />;
}

describe('LazyMenu', () => {
  it('shows its target alone before the menu is in, and a click then opens the menu once it is', async () => {
    renderWithProviders(<Harness />);
    const target = screen.getByRole('button', { name: 'Langue' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(target);
    expect(await screen.findByRole('menuitem', { name: 'Français' })).toBeTruthy();
  });
});
