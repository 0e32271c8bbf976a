import type { z } from 'zod';
import { paths } from './routes.ts';
import {
  accountPermission,
  accountPermissionAddRequest,
  accountPermissionListQuery,
  accountPermissionListResponse,
  addOrderRequest,
  addOrderResponse,
  addUserRequest,
  alertChannelAddRequest,
  alertChannelIdParams,
  alertChannelListResponse,
  alertChannelTestRequest,
  alertChannelTestResponse,
  alertChannelUpdateRequest,
  alertChannelView,
  alertListQuery,
  alertListResponse,
  analysisExportReply,
  analysisPanel,
  analysisRangeQuery,
  analysisSettings,
  analysisSettingsRequest,
  analysisSnapshotsResponse,
  analysisSummary,
  deskEquity,
  deskEquityQuery,
  deskFillsCsvQuery,
  deskFillsCsvReply,
  deskFillsQuery,
  deskFillsResponse,
  deskPnl,
  deskPnlAll,
  deskPnlAllQuery,
  deskPnlQuery,
  adminIdParams,
  adminListQuery,
  adminListResponse,
  adminUser,
  apiVerifyRequest,
  apiVerifyResponse,
  cancelOrderListRequest,
  cancelOrderListResponse,
  cancelOrderRequest,
  candlesQuery,
  candlesResponse,
  changeOwnPasswordRequest,
  coin,
  coinAddRequest,
  coinAddResponse,
  coinListResponse,
  coinUpdateRequest,
  coinScopedQuery,
  credentialAddRequest,
  credentialListResponse,
  credentialUpdateRequest,
  credentialView,
  editUserRequest,
  emptyReply,
  generateOrdersRequest,
  generateOrdersResponse,
  healthResponse,
  incidentListQuery,
  incidentListResponse,
  incidentReadRequest,
  incidentReadResponse,
  loginLogListQuery,
  loginLogListResponse,
  loginRequest,
  loginResponse,
  myTradesResponse,
  order,
  orderBookQuery,
  orderBookResponse,
  orderListResponse,
  performTradesRequest,
  platformAddRequest,
  platformAddResponse,
  platform,
  platformIdParams,
  platformUpdateRequest,
  platformListResponse,
  priceResponse,
  resetPasswordRequest,
  sendCodeRequest,
  sendCodeResponse,
  spotCandlesParams,
  spotCandlesQuery,
  tradeListQuery,
  myTradeListQuery,
  orderListQuery,
  tradesListResponse,
  robot,
  emergencyStopPreviewQuery,
  emergencyStopPreviewResponse,
  emergencyStopRequest,
  emergencyStopResponse,
  robotByIdQuery,
  robotDetail,
  robotFiguresResponse,
  robotIdParams,
  robotInitListQuery,
  robotReferencePriceQuery,
  robotReferencePriceResponse,
  robotInitListResponse,
  robotListQuery,
  robotListResponse,
  robotUpdateRequest,
  robotUpdateResponse,
  tradingLogListQuery,
  tradingLogListResponse,
  verifyCodeRequest,
  walletResponse,
} from './schemas/index.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One /backend call: where it is, what it takes (path params, query, body) and the `data` it answers. */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly reply: z.ZodType;
  /** Set when the call answers a file of this media type instead of the envelope (the CSV export). */
  readonly raw?: string;
}

/**
 * Every /backend call, with the schemas the server validates with: the server registers each route
 * from its entry here and the console types its requests from them (`EndpointBody`, `EndpointQuery`…),
 * so a schema change breaks the compiler on both sides. A route whose body is a union has one entry
 * per kind of call it serves (PUT /admin/update: `editUser`, `changeOwnPassword`).
 */
export const endpoints = {
  health: { method: 'GET', path: paths.health, reply: healthResponse },

  login: { method: 'POST', path: paths.login, body: loginRequest, reply: loginResponse },
  /** The spec's query form, kept for compatibility; the console posts a body. */
  loginByQuery: { method: 'GET', path: paths.login, query: loginRequest, reply: loginResponse },
  logout: { method: 'GET', path: paths.logout, reply: emptyReply },
  getAdmin: { method: 'GET', path: paths.adminById, params: adminIdParams, reply: adminUser },
  deleteAdmin: { method: 'DELETE', path: paths.adminById, params: adminIdParams, reply: emptyReply },
  adminList: { method: 'GET', path: paths.adminList, query: adminListQuery, reply: adminListResponse },
  loginLogList: { method: 'GET', path: paths.loginLogList, query: loginLogListQuery, reply: loginLogListResponse },
  addUser: { method: 'POST', path: paths.addUser, body: addUserRequest, reply: adminUser },
  editUser: { method: 'PUT', path: paths.updateUser, body: editUserRequest, reply: adminUser },
  changeOwnPassword: { method: 'PUT', path: paths.updateUser, body: changeOwnPasswordRequest, reply: emptyReply },
  sendResetCode: { method: 'PUT', path: paths.updatePassword, body: sendCodeRequest, reply: sendCodeResponse },
  verifyResetCode: { method: 'PUT', path: paths.updatePassword, body: verifyCodeRequest, reply: emptyReply },
  resetPassword: { method: 'PUT', path: paths.updatePassword, body: resetPasswordRequest, reply: emptyReply },

  coinList: { method: 'GET', path: paths.coinList, reply: coinListResponse },
  platformList: { method: 'GET', path: paths.platformList, reply: platformListResponse },
  coinAdd: { method: 'POST', path: paths.coinAdd, body: coinAddRequest, reply: coinAddResponse },
  coinUpdate: { method: 'PUT', path: paths.coinUpdate, body: coinUpdateRequest, reply: coin },
  platformAdd: { method: 'POST', path: paths.platformAdd, body: platformAddRequest, reply: platformAddResponse },
  platformUpdate: { method: 'PUT', path: paths.platformUpdate, body: platformUpdateRequest, reply: platform },
  platformDelete: { method: 'DELETE', path: paths.platformById, params: platformIdParams, reply: emptyReply },
  accountPermissionsAdd: { method: 'POST', path: paths.accountPermissionsAdd, body: accountPermissionAddRequest, reply: accountPermission },
  accountPermissionsList: { method: 'GET', path: paths.accountPermissionsList, query: accountPermissionListQuery, reply: accountPermissionListResponse },
  tradingLogList: { method: 'GET', path: paths.tradingLogList, query: tradingLogListQuery, reply: tradingLogListResponse },

  robotList: { method: 'GET', path: paths.robotList, query: robotListQuery, reply: robotListResponse },
  robotUpdate: { method: 'PUT', path: paths.robotUpdate, body: robotUpdateRequest, reply: robotUpdateResponse },
  robotInitList: { method: 'GET', path: paths.robotInitList, query: robotInitListQuery, reply: robotInitListResponse },
  robotReferencePrice: { method: 'GET', path: paths.robotReferencePrice, query: robotReferencePriceQuery, reply: robotReferencePriceResponse },
  robotDetail: { method: 'GET', path: paths.robotDetail, params: robotIdParams, reply: robotDetail },
  robotLastHour: { method: 'GET', path: paths.robotLastHour, params: robotIdParams, query: robotByIdQuery, reply: robotFiguresResponse },
  robotToday: { method: 'GET', path: paths.robotToday, params: robotIdParams, query: robotByIdQuery, reply: robotFiguresResponse },
  robotById: { method: 'GET', path: paths.robotById, params: robotIdParams, query: robotByIdQuery, reply: robot },
  robotEmergencyStop: { method: 'POST', path: paths.robotEmergencyStop, body: emergencyStopRequest, reply: emergencyStopResponse },
  robotEmergencyStopPreview: { method: 'GET', path: paths.robotEmergencyStopPreview, query: emergencyStopPreviewQuery, reply: emergencyStopPreviewResponse },

  credentialsAdd: { method: 'POST', path: paths.credentialsAdd, body: credentialAddRequest, reply: credentialView },
  credentialsUpdate: { method: 'PUT', path: paths.credentialsUpdate, body: credentialUpdateRequest, reply: credentialView },
  credentialsList: { method: 'GET', path: paths.credentialsList, reply: credentialListResponse },

  getOrders: { method: 'GET', path: paths.getOrders, query: orderListQuery, reply: orderListResponse },
  getHistoryOrders: { method: 'GET', path: paths.getHistoryOrders, query: orderListQuery, reply: orderListResponse },
  addOrder: { method: 'POST', path: paths.addOrder, body: addOrderRequest, reply: addOrderResponse },
  cancelOrder: { method: 'POST', path: paths.cancelOrder, body: cancelOrderRequest, reply: order },
  trade: { method: 'GET', path: paths.trade, query: myTradeListQuery, reply: myTradesResponse },
  wallet: { method: 'GET', path: paths.wallet, query: coinScopedQuery, reply: walletResponse },
  candles: { method: 'GET', path: paths.candles, query: candlesQuery, reply: candlesResponse },
  orderBook: { method: 'GET', path: paths.orderBook, query: orderBookQuery, reply: orderBookResponse },
  orderBookOther: { method: 'GET', path: paths.orderBookOther, query: orderBookQuery, reply: orderBookResponse },
  performTrades: { method: 'POST', path: paths.performTrades, query: coinScopedQuery, body: performTradesRequest, reply: order },
  tradesList: { method: 'GET', path: paths.tradesList, query: tradeListQuery, reply: tradesListResponse },
  generateOrders: { method: 'POST', path: paths.generateOrders, query: coinScopedQuery, body: generateOrdersRequest, reply: generateOrdersResponse },
  cancelOrderList: { method: 'POST', path: paths.cancelOrderList, body: cancelOrderListRequest, reply: cancelOrderListResponse },
  apiVerify: { method: 'POST', path: paths.apiVerify, body: apiVerifyRequest, reply: apiVerifyResponse },
  getPrice: { method: 'GET', path: paths.getPrice, query: coinScopedQuery, reply: priceResponse },

  alertChannelList: { method: 'GET', path: paths.alertChannelList, reply: alertChannelListResponse },
  alertChannelAdd: { method: 'POST', path: paths.alertChannelAdd, body: alertChannelAddRequest, reply: alertChannelView },
  alertChannelUpdate: { method: 'PUT', path: paths.alertChannelUpdate, body: alertChannelUpdateRequest, reply: alertChannelView },
  alertChannelDelete: { method: 'DELETE', path: paths.alertChannelById, params: alertChannelIdParams, reply: emptyReply },
  alertChannelTest: { method: 'POST', path: paths.alertChannelTest, body: alertChannelTestRequest, reply: alertChannelTestResponse },
  alertList: { method: 'GET', path: paths.alertList, query: alertListQuery, reply: alertListResponse },

  incidentList: { method: 'GET', path: paths.incidentList, query: incidentListQuery, reply: incidentListResponse },
  incidentRead: { method: 'POST', path: paths.incidentRead, body: incidentReadRequest, reply: incidentReadResponse },

  spotCandles: { method: 'GET', path: paths.spotCandles, params: spotCandlesParams, query: spotCandlesQuery, reply: candlesResponse },

  analysisSummary: { method: 'GET', path: paths.analysisSummary, query: analysisRangeQuery, reply: analysisSummary },
  analysisSnapshots: { method: 'GET', path: paths.analysisSnapshots, query: analysisRangeQuery, reply: analysisSnapshotsResponse },
  analysisSettings: { method: 'PUT', path: paths.analysisSettings, body: analysisSettingsRequest, reply: analysisSettings },
  analysisExport: { method: 'GET', path: paths.analysisExport, query: analysisRangeQuery, reply: analysisExportReply, raw: 'text/csv' },
  analysisPanel: { method: 'GET', path: paths.analysisPanel, query: coinScopedQuery, reply: analysisPanel },
  deskPnl: { method: 'GET', path: paths.deskPnl, query: deskPnlQuery, reply: deskPnl },
  deskPnlAll: { method: 'GET', path: paths.deskPnlAll, query: deskPnlAllQuery, reply: deskPnlAll },
  deskFills: { method: 'GET', path: paths.deskFills, query: deskFillsQuery, reply: deskFillsResponse },
  deskEquity: { method: 'GET', path: paths.deskEquity, query: deskEquityQuery, reply: deskEquity },
  deskFillsCsv: { method: 'GET', path: paths.deskFillsCsv, query: deskFillsCsvQuery, reply: deskFillsCsvReply, raw: 'text/csv' },
} as const satisfies Record<string, Endpoint>;

type Input<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** What a caller sends: the input types of the schemas the server parses with. */
export type EndpointParams<E extends Endpoint> = Input<E, 'params'>;
export type EndpointQuery<E extends Endpoint> = Input<E, 'query'>;
export type EndpointBody<E extends Endpoint> = Input<E, 'body'>;
/** What a call answers: the envelope's `data`, as its schema parses it. */
export type EndpointReply<E extends Endpoint> = z.output<E['reply']>;
