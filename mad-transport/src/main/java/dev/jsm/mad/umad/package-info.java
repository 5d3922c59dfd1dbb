/**
 * The libibumad transport: a JNA direct-mapped binding ({@link dev.jsm.mad.umad.Umad}), discovery of local CAs and
 * ports ({@link dev.jsm.mad.umad.UmadDevices}) and the {@link dev.jsm.mad.channel.MadChannel} implementation over
 * one port ({@link dev.jsm.mad.umad.UmadChannel}). Runs unchanged against real HCAs and against ibsim through
 * {@code LD_PRELOAD=libumad2sim.so}.
 */
package dev.jsm.mad.umad;
