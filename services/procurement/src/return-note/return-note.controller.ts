import { Get, HttpCode, Post, Put } from '@nestjs/common';
import { documentActionSchema, listQuerySchema, returnNoteInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  ReturnNoteListRow,
  ReturnNoteView,
  ReturnableLine,
  ValidReturnNoteInput,
} from '@scm/contracts';
import {
  CallerScope,
  CurrentUser,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { ReturnNoteService } from './return-note.service.js';
import type { ReturnableReceivingOrderView } from './return-note.service.js';

/**
 * Return notes (SPEC.md §2 /procurement/return-note, key GR). Each user action of RETURN_NOTE_MACHINE is
 * `POST :id/<action>` with the revision the user saw; lists and reads keep to the caller's locations; prices and
 * totals go for roles without can_see_cost (RETURN_NOTE_COST_FIELDS).
 */
@ServiceController('procurement/return-notes', 'procurement: return note')
export class ReturnNoteController {
  constructor(private readonly notes: ReturnNoteService) {}

  /** The RECEIVED receiving orders of the caller's locations a note may be made from. */
  @Get('receiving-orders')
  @Permission('GR', 'view')
  receivingOrders(@CallerScope() scope: LocationScope): Promise<ReturnableReceivingOrderView[]> {
    return this.notes.returnableReceivingOrders(scope);
  }

  /** A RECEIVED receiving order's stock lines: received, already returned, on hand and available to return. */
  @Get('receiving-orders/:id/lines')
  @Permission('GR', 'view')
  returnableLines(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<ReturnableLine[]> {
    return this.notes.returnableLines(id, user);
  }

  @Post('list')
  @HttpCode(200)
  @Permission('GR', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<ReturnNoteListRow>> {
    return this.notes.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('GR', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.notes.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('GR', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<ReturnNoteView> {
    return this.notes.get(id, user);
  }

  @Post()
  @Permission('GR', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(returnNoteInputSchema) input: ValidReturnNoteInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.create(input, user);
  }

  @Put(':id')
  @Permission('GR', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(returnNoteInputSchema) input: ValidReturnNoteInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.update(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('GR', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('GR', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.act(id, 'recall', input, user);
  }

  /** The return itself: the stock leaves through the ledger's posting request and the note is RECEIVED. */
  @Post(':id/approve')
  @HttpCode(200)
  @Permission('GR', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('GR', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    return this.notes.act(id, 'reject', input, user);
  }
}
