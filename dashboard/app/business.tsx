import type { Action } from '@groupsplit/shared/browser';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Merchant, Role } from './api';
import { type Permission, permission } from './permissions';

/** The business the person is working in (GET /api/merchants/me for the current mode) and what they may do. */
export type Business = {
  me: Merchant;
  role: Role;
  paused: boolean;
  userId: string | undefined;
  reload: () => void;
  can: (action: Action, createdBy?: string | null) => Permission;
};

export const BusinessContext = createContext<Business | null>(null);

export function makeBusiness(me: Merchant, userId: string | undefined, reload: () => void): Business {
  const role = me.business_role;
  const paused = Boolean(me.paused);
  return {
    me,
    role,
    paused,
    userId,
    reload,
    can: (action, createdBy) => permission(role, action, { paused, userId, createdBy }),
  };
}

export function useBusiness(): Business {
  const business = useContext(BusinessContext);
  if (!business) throw new Error('useBusiness() outside a business page');
  return business;
}
