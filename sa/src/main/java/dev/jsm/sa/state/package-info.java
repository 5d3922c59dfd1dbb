/**
 * The SA's state as data, apart from the registries that keep it: {@link dev.jsm.sa.state.SaState} (the multicast
 * groups with their members, the ServiceRecords with their leases, the event subscriptions) that the registries
 * export and take back, the {@link dev.jsm.sa.state.SaStateListener} through which they say what changed, and the
 * dump file in OpenSM's {@code opensm-sa.dump} format ({@link dev.jsm.sa.state.SaDumpWriter},
 * {@link dev.jsm.sa.state.SaDumpReader}; docs/reference/sa-dump-file.md), which a lone SM restarted loads.
 *
 * <p>Above {@code codec} and {@code limit}, below the registries ({@code mcast}, {@code event}, {@code agent}) and
 * the standby's stream ({@code replica}).
 */
package dev.jsm.sa.state;
