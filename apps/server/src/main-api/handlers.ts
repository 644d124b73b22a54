import type { MainMethods } from '@ledgerline/contract';
import { serverModules } from '../server-modules';
import type { MethodHandlers } from './types';

type HandlersOf<M> = M extends { handlers: infer H } ? H : unknown;
type AllHandlers<L extends readonly unknown[]> = L extends readonly [infer First, ...infer Rest]
  ? HandlersOf<First> & AllHandlers<Rest>
  : unknown;

const merged = Object.assign(
  {},
  ...serverModules.map((module) => ('handlers' in module ? module.handlers : {})),
) as AllHandlers<typeof serverModules>;

/** One handler per contract method, from the modules' handlers; the compiler refuses a method without one. */
export const mainHandlers: MethodHandlers<MainMethods> = merged;
