package dev.jsm.routing.updn;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.minhop.MinHopOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The options updn and dnup read, parsed once when the engine is created. The files are read on every routing
 * pass, as OpenSM does, so an edited file takes effect at the next heavy sweep.
 *
 * <p>Immutable; safe to share.
 *
 * @param rootGuidFile {@code root_guid_file} ({@code -a}): the root switches (updn); empty = detect them
 * @param idsGuidFile {@code ids_guid_file} ({@code -m}): switch ids for the tie-break between equal ranks (updn)
 * @param connectRoots {@code connect_roots} ({@code -z}): route to root switches on unconstrained shortest paths
 *     (updn); route the pairs without a legal route on detours that may turn from down to up (dnup)
 * @param portSelection the minhop options of the shared port selection ({@code port_shifting},
 *     {@code scatter_ports}, {@code port_profile_switch_nodes}, {@code routing_threads}, and the files
 *     {@code guid_routing_order_file} and {@code port_prof_ignore_file})
 * @param completeSwitchLids {@link #COMPLETE_SWITCH_LIDS}: give every switch a route to every switch LID, where no
 *     up*&#47;down* route exists by one that turns down and then up ({@link dev.jsm.routing.RouteCompletion});
 *     FALSE leaves those entries empty, exactly as OpenSM's updn and dnup do
 */
public record UpDownOptions(Optional<Path> rootGuidFile, Optional<Path> idsGuidFile, boolean connectRoots,
                            MinHopOptions portSelection, boolean completeSwitchLids) {

    /**
     * jsm's switch LID completion for updn and dnup (boolean, default TRUE). Not an OpenSM option and not in
     * {@code opensm.conf}: tests and embedders set it FALSE to get the reference's tables entry for entry.
     */
    public static final EngineOption<Boolean> COMPLETE_SWITCH_LIDS = EngineOption.flag("complete_switch_lids", true);

    /** Checks for nulls. */
    public UpDownOptions {
        Objects.requireNonNull(rootGuidFile, "rootGuidFile");
        Objects.requireNonNull(idsGuidFile, "idsGuidFile");
        Objects.requireNonNull(portSelection, "portSelection");
    }

    /**
     * Reads the options; a blank or {@code (null)} file name counts as unset.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static UpDownOptions from(EngineOptions options) {
        return new UpDownOptions(options.get(EngineOptions.ROOT_GUID_FILE), options.get(EngineOptions.IDS_GUID_FILE),
                options.get(EngineOptions.CONNECT_ROOTS), MinHopOptions.from(options),
                options.get(COMPLETE_SWITCH_LIDS));
    }
}
