/**
 * The SA class agent: {@link dev.jsm.sa.agent.SaAgent} takes class 0x03 MADs from a
 * {@link dev.jsm.mad.channel.MadChannel}, answers from the last published view on its own thread (never blocking
 * the sweep), sends tables through the user-space RMPP sender and keeps ServiceRecords with leases.
 */
package dev.jsm.sa.agent;
