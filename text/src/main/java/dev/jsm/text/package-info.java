/**
 * Text rules every module that reads OpenSM's files, options or command lines shares: the C number rules of
 * {@link dev.jsm.text.CNumber} (OpenSM's {@code strtoul}, with the bases the formats use). The lowest module of
 * the reactor: it depends on nothing, so that {@code conf}, {@code subnet}, {@code mad-transport} and everything
 * above read numbers the same way.
 */
package dev.jsm.text;
