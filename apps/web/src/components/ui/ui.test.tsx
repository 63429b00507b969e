// @vitest-environment happy-dom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { Button } from './button';
import { UserAvatar } from './avatar';
import { EmptyState } from './empty-state';
import { GoalBadge } from './goal-badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Spinner } from './spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import { colorTokens, durationTokens, easingTokens, radiusTokens } from './tokens';

afterEach(cleanup);

describe('Button', () => {
  it('is disabled, busy and keeps its text while loading', () => {
    render(<Button isLoading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Save');
    expect(button.querySelector('svg.animate-spin')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is enabled without isLoading', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('renders its child when asChild', () => {
    render(
      <Button asChild isLoading>
        <a href="/feed">Feed</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Feed' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.className.split(' ')).toEqual(
      expect.arrayContaining(['ui-button', 'ui-button-default', 'ui-button-md']),
    );
  });
});

describe('UserAvatar', () => {
  it('shows the Georgian initial as-is', () => {
    render(<UserAvatar name="ნიკა" />);
    expect(screen.getByText('ნ')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'ნიკა' })).toBeTruthy();
  });

  it('uppercases a Latin initial', () => {
    render(<UserAvatar name="zura" src={null} />);
    expect(screen.getByText('Z')).toBeTruthy();
  });
});

describe('EmptyState', () => {
  it('renders title, message and action', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="No posts yet"
        message="Be the first to post."
        action={<Button>Create post</Button>}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('No posts yet');
    expect(screen.getByText('Be the first to post.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create post' })).toBeTruthy();
    expect(status.querySelector('svg')).toBeTruthy();
  });
});

describe('GoalBadge', () => {
  it('renders the amount', () => {
    render(<GoalBadge amount={25} />);
    expect(screen.getByText('$25 GOAL')).toBeTruthy();
  });
});

describe('Dialog', () => {
  it('labels the close button and lets callers block Escape', () => {
    render(
      <Dialog open>
        <DialogContent closeLabel="დახურვა" onEscapeKeyDown={(event) => event.preventDefault()}>
          <DialogTitle>Edit post</DialogTitle>
          <DialogDescription>Change your post.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'დახურვა' })).toBeTruthy();
  });
});

describe('Spinner and Tabs', () => {
  it('announces the spinner label', () => {
    render(<Spinner label="Loading feed" />);
    expect(screen.getByRole('status').textContent).toBe('Loading feed');
  });

  it('renders the active tab panel', () => {
    render(
      <Tabs defaultValue="feed">
        <TabsList>
          <TabsTrigger value="feed">Feed</TabsTrigger>
          <TabsTrigger value="clubs">Clubs</TabsTrigger>
        </TabsList>
        <TabsContent value="feed">Feed panel</TabsContent>
        <TabsContent value="clubs">Clubs panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Feed' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Feed panel');
  });
});

describe('design tokens', () => {
  // Keep import.meta.url in a variable: Vite rewrites the literal
  // `new URL('…', import.meta.url)` pattern into an http:// asset URL.
  const testFileUrl = import.meta.url;
  const css = readFileSync(new URL('../../styles.css', testFileUrl), 'utf8');
  const declared = (cssVar: string): string | undefined => {
    const escaped = cssVar.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`${escaped}\\s*:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  };

  it.each([...colorTokens, ...radiusTokens, ...durationTokens, ...easingTokens].map((t) => [t.cssVar, t.value]))(
    '%s in tokens.ts matches styles.css',
    (cssVar, value) => {
      expect(declared(cssVar)?.toLowerCase()).toBe(value.toLowerCase());
    },
  );

  const hex = (name: string): string => {
    const token = colorTokens.find((t) => t.name === name);
    if (!token) throw new Error(`Unknown token ${name}`);
    return token.value;
  };

  const luminance = (color: string): number => {
    const n = Number.parseInt(color.slice(1), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };

  const contrast = (a: string, b: string): number => {
    const [hi, lo] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };

  it.each([
    ['foreground', 'background'],
    ['muted-foreground', 'background'],
    ['muted-foreground', 'card'],
    ['muted-foreground', 'muted'],
    ['brand-foreground', 'brand'],
    ['success-foreground', 'success'],
    ['warning-foreground', 'warning'],
    ['danger-foreground', 'danger'],
    ['gold-foreground', 'gold'],
  ])('%s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('all colour tokens are 6-digit hex values', () => {
    for (const token of colorTokens) expect(token.value).toMatch(/^#[0-9a-f]{6}$/);
  });
});
