import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { IdentitySubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { UserLocationsRepository } from './user-locations.repository.js';

/**
 * Learns from identity's `identity.user.*` events which locations users hold (SPEC.md §4: archive and delete
 * are refused while a location is in use, including use by another service; docs/architecture.md, "Data
 * ownership and replicas": catalog never reads identity's schema, it keeps a replica fed by events and rebuildable
 * by replay).
 *
 * Every user event carries the full snapshot, so each one simply replaces the user's holdings with its
 * `location_list`, whatever the status. An Inactive user still references its locations (its history
 * — documents, activity — names them), so deactivation releases nothing. Identity publishes a deleted user
 * (only possible for one who never signed in) as `identity.user.deactivated` with an empty location list,
 * which releases everything it held.
 */
@Injectable()
export class UserLocationsHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly userLocations: UserLocationsRepository,
  ) {}

  onModuleInit(): void {
    for (const subject of [
      IdentitySubjects.UserInvited,
      IdentitySubjects.UserActivated,
      IdentitySubjects.UserDeactivated,
      IdentitySubjects.UserUpdated,
    ] as const) {
      this.events.on(subject, (event, manager) => this.userLocations.apply(manager, event.data));
    }
  }

  /** Rebuilds users' location usage from nothing by replaying identity's user events. */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.userLocations.clear(manager));
  }
}
