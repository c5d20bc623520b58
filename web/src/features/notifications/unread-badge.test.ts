import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread-badge.ts';

describe('unreadBadgeText', () => {
  it('shows no badge without unread notifications', () => {
    expect(unreadBadgeText(0)).toBeNull();
  });

  it('shows the count up to 9 and 9+ above 9', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
    expect(unreadBadgeText(250)).toBe('9+');
  });
});
