/**
 * What the statistics feature lends other features; nothing else of it is theirs to import (eslint.config.js). The
 * admin's reports draw the platform's orders and revenue with the shop's chart, and wear the statistics' stylesheet
 * (its cards, tables and chart), which the chart brings.
 */
export { OrdersChart } from './OrdersChart.tsx';
