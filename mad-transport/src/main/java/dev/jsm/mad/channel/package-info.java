/**
 * The raw MAD transport every other layer sits on: {@link dev.jsm.mad.channel.MadChannel} sends MADs to a
 * {@link dev.jsm.mad.channel.MadAddress} (directed route, or LID and queue pair) and hands received ones to one
 * {@link dev.jsm.mad.channel.MadReceiver} on its I/O thread; {@link dev.jsm.mad.channel.LocalPort} is the port it is
 * bound to. Implemented by libibumad through JNA ({@code dev.jsm.mad.umad}) and by the in-JVM simulator.
 */
package dev.jsm.mad.channel;
