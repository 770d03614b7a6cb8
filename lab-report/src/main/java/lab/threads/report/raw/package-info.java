/**
 * Reads what a run left in a server's folder: JMeter's samples.jtl, the server's and the client's once-a-second
 * series, the server's own request log, the kernel's view of the listening port, and the JVMs' recordings under
 * {@code --profile} (with {@code lab.jfc}, the settings they are recorded with). A missing, empty or cut file gives
 * what could be read and a note saying what was lost, never an exception: a run that died mid-way still gets its
 * report. The files' names are lab-run-model's {@code RunFolder}, for the runner that writes them and every reader.
 */
package lab.threads.report.raw;
