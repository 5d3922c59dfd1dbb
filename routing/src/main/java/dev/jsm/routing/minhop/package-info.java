/**
 * The {@code minhop} routing engine: shortest paths by switch-to-switch hop count, balanced over equal-cost ports by
 * route count, with OpenSM's LMC spreading, {@code port_shifting} and {@code scatter_ports}.
 *
 * <p>{@link dev.jsm.routing.minhop.MinHopEngine} runs {@link dev.jsm.routing.minhop.HopTable} (BFS per switch into
 * one {@code byte[S*S]}) and then one {@code SwitchRouter} pass per switch.
 */
package dev.jsm.routing.minhop;
