/**
 * The sweep pipeline: the {@link dev.jsm.daemon.sweep.SweepStage} contract, the shared
 * {@link dev.jsm.daemon.sweep.SweepContext}, the {@link dev.jsm.daemon.sweep.StagePipeline} with its quiescence barrier,
 * the stage lists of the heavy and light sweeps in {@link dev.jsm.daemon.sweep.Sweeps}, the light sweep probe and
 * SUBNET UP.
 */
package dev.jsm.daemon.sweep;
