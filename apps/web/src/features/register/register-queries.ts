import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/* What every Register screen asks the server first, under one key each so the screens share the answers. */

/** The shop's tax and an Employee's discount limit. */
export const useRegisterSettings = () =>
  useQuery({ queryKey: ['register', 'settings'], queryFn: () => call('registerSettings'), retry: false });

/** This person's open cash drawer, or null. */
export const useOpenDrawer = () =>
  useQuery({
    queryKey: ['register', 'drawer'],
    queryFn: async () => (await call('registerDrawerCurrent')).drawer,
    retry: false,
  });
