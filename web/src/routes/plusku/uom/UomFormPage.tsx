import NotAvailablePage from '../../NotAvailablePage';

export default NotAvailablePage;
