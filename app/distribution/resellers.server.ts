// What an administrator does to resellers, the same for the dashboard page and /api/resellers.
import { insertReseller } from "~/distribution/reseller-store.server";
import { basisPoints } from "~/distribution/resellers";

export async function createReseller(input: { name: string; email: string; commissionPercent: number; active: boolean }) {
  return insertReseller({
    name: input.name,
    email: input.email,
    commissionBasisPoints: basisPoints(input.commissionPercent),
    active: input.active,
  });
}
