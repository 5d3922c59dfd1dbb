package dev.jsm.sa.query;

/**
 * The handlers of the records the SA agent keeps as its own state instead of reading them from the view, for the rows
 * of the SA table ({@link SaHandlers#table}) that serve them. They live in the packages built on this one - the
 * ServiceRecords, the alias GUIDs and the agent in {@code dev.jsm.sa.agent}, the multicast groups in
 * {@code dev.jsm.sa.mcast}, the event subscriptions in {@code dev.jsm.sa.event} - so the agent hands them in rather
 * than the table naming them.
 *
 * <p>Immutable; the handlers are confined to the agent's thread.
 *
 * @param informInfoSet SubnAdmSet(InformInfo): subscribe or unsubscribe
 * @param serviceRecordGet SubnAdmGet/GetTable(ServiceRecord): every matching record
 * @param serviceRecordSet SubnAdmSet(ServiceRecord): register or renew
 * @param serviceRecordDelete SubnAdmDelete(ServiceRecord): withdraw
 * @param mcMemberRecordGet SubnAdmGet/GetTable(MCMemberRecord): every matching record
 * @param mcMemberRecordSet SubnAdmSet(MCMemberRecord): join
 * @param mcMemberRecordDelete SubnAdmDelete(MCMemberRecord): leave
 * @param informInfoRecordGet SubnAdmGet/GetTable(InformInfoRecord): every matching subscription
 * @param guidInfoRecordSet SubnAdmSet(GUIDInfoRecord): assign alias GUIDs
 * @param guidInfoRecordDelete SubnAdmDelete(GUIDInfoRecord): withdraw alias GUIDs
 */
public record KeptRecords(SaHandler informInfoSet, SaHandler serviceRecordGet, SaHandler serviceRecordSet,
                          SaHandler serviceRecordDelete, SaHandler mcMemberRecordGet, SaHandler mcMemberRecordSet,
                          SaHandler mcMemberRecordDelete, SaHandler informInfoRecordGet, SaHandler guidInfoRecordSet,
                          SaHandler guidInfoRecordDelete) {
}
