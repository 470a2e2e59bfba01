import type { ComponentType } from 'react';
import { ApprovalMenuBadge } from './approval/ApprovalMenuBadge';

/** The counts a menu entry may show beside its title (RouteNode.badge): the approvals waiting for the user. */
export const MENU_BADGES: Readonly<Record<string, ComponentType>> = {
  approvals: ApprovalMenuBadge,
};
