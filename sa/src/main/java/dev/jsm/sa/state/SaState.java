package dev.jsm.sa.state;

import java.util.List;

/**
 * Everything the SA keeps that hosts registered, at one moment: the multicast groups with their members, the
 * ServiceRecords with the time their leases have left, and the event subscriptions. What the dump file
 * ({@code opensm-sa.dump}) holds and what a standby SM catches up from; the SA's registries export it and take it
 * back ({@code SaAgent}).
 *
 * <p>Immutable; safe to share.
 *
 * @param takenAtMillis when it was taken, in milliseconds since the epoch (the services' times left count from it)
 * @param groups the multicast groups in MGID order
 * @param services the ServiceRecords, oldest registration first
 * @param subscriptions the subscriptions, oldest first
 */
public record SaState(long takenAtMillis, List<McastGroupState> groups, List<ServiceState> services,
                      List<SubscriptionState> subscriptions) {

    /** Copies the lists. */
    public SaState {
        groups = List.copyOf(groups);
        services = List.copyOf(services);
        subscriptions = List.copyOf(subscriptions);
    }

    /** Nothing registered, at {@code takenAtMillis}. */
    public static SaState empty(long takenAtMillis) {
        return new SaState(takenAtMillis, List.of(), List.of(), List.of());
    }

    /** The members of every group together. */
    public int memberCount() {
        int n = 0;
        for (McastGroupState g : groups) {
            n += g.members().size();
        }
        return n;
    }
}
