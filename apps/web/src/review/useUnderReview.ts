// This browser's own proposals and monuments that staff still have to approve (docs/screening.md).
// Only a browser that sent one asks the server (/api/mine knows them by its voter cookie); once none
// is left under review, it stops asking.
import type { Mine } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mineQuery } from '../api/queries/mine';
import { underReview } from '../storage/keys';

export function useUnderReview(): Mine | undefined {
  const enabled = underReview.read();
  const mine = useQuery({ ...mineQuery(), enabled });
  const data = enabled ? mine.data : undefined;
  useEffect(() => {
    if (data && data.reviewing.length === 0 && !data.proposed.some((p) => p.underReview)) underReview.clear();
  }, [data]);
  return data;
}
