import { Module } from '@nestjs/common';
import { ServicePlatformModule, gatherAreas } from '@scm/platform';
import type { ServiceArea } from '@scm/platform';
import { replicasArea } from './replicas/replicas.area.js';

/**
 * The areas of procurement in dependency order (their migrations run in timestamp order whatever the order
 * here). Store orders, purchase orders, receiving orders, return notes and petty cash each come as an area.
 */
const AREAS: ServiceArea[] = [replicasArea];
const gathered = gatherAreas(AREAS);

/** Procurement: store orders, purchase orders, receiving, return notes and petty cash, on its own schema. */
@Module({
  imports: [ServicePlatformModule.forService({ name: 'procurement', entities: [], migrations: gathered.migrations })],
  controllers: gathered.controllers,
  providers: gathered.providers,
})
export class ProcurementModule {}
