export { MASTER_STATUSES as UOM_STATUSES } from '../common/list-query.js';
