// "Meine Beteiligung" as one query, shared by /mine and the follow dialog (which shows whether this browser already follows).
import { queryOptions } from '@tanstack/react-query';
import { fetchMine } from '../../follow/followApi';

export const mineKey = ['mine'] as const;

export const mineQuery = () => queryOptions({ queryKey: mineKey, queryFn: () => fetchMine() });
