// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

afterEach(cleanup);

describe('Switch', () => {
  it('shows its state and asks for a change on click', () => {
    const onToggle = vi.fn();
    const { rerender } = render(<Switch aria-label="Goals" checked={false} onToggle={onToggle} />);
    const control = screen.getByRole('switch', { name: 'Goals' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(control);
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(<Switch aria-label="Goals" checked onToggle={onToggle} />);
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control).toHaveProperty('disabled', false);
  });

  it('waits, disabled, while its state is read, busy or disabled by the caller', () => {
    const onToggle = vi.fn();
    const { rerender } = render(<Switch aria-label="Goals" checked={null} onToggle={onToggle} />);
    const control = screen.getByRole('switch', { name: 'Goals' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control).toHaveProperty('disabled', true);
    rerender(<Switch aria-label="Goals" checked busy onToggle={onToggle} />);
    expect(control).toHaveProperty('disabled', true);
    expect(control.getAttribute('aria-busy')).toBe('true');
    rerender(<Switch aria-label="Goals" checked disabled onToggle={onToggle} />);
    expect(control).toHaveProperty('disabled', true);
    fireEvent.click(control);
    expect(onToggle).not.toHaveBeenCalled();
  });
});
