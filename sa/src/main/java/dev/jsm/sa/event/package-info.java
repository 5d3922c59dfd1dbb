/**
 * Event forwarding (IBA 13.4.8, docs/reference/opensm-behaviour.md#traps-and-event-forwarding): InformInfo
 * subscriptions ({@link dev.jsm.sa.event.EventSubscriptions}),
 * their InformInfoRecords, the matching of notices against them ({@link dev.jsm.sa.event.NoticeMatch}), the notices
 * the SM issues itself (traps 64-67, {@link dev.jsm.sa.event.SmNotices}) and the Reports that carry notices to the
 * subscribers ({@link dev.jsm.sa.event.ReportSender}), tied together for the SA agent by
 * {@link dev.jsm.sa.event.EventService}. Everything here runs on the SA agent's thread.
 */
package dev.jsm.sa.event;
