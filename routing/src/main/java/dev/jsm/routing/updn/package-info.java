/**
 * The {@code updn} and {@code dnup} routing engines: shortest routes under the up*&#47;down* rule, free of credit
 * loops on any topology, balanced by minhop's port selection.
 *
 * <p>{@link dev.jsm.routing.updn.UpDownEngine} runs the pass; {@code RootFinder} chooses updn's roots (file or
 * CA-distance histogram), {@code SwitchRanks} and {@code UpDownOrder} orient the links, {@code UpDownHops} holds the
 * legal route lengths per (switch, destination switch) in one {@code byte[S*S]}, {@code DetourHops} the detours of
 * dnup's {@code connect_roots} for the pairs without one, {@code UpDownCandidates} feeds the legal shortest ports
 * to {@link dev.jsm.routing.minhop.SwitchRouter}.
 */
package dev.jsm.routing.updn;
