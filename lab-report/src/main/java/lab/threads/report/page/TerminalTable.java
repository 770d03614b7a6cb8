package lab.threads.report.page;

import lab.threads.report.summary.RunReport;

/** What the console ends a run with: the table, then one sentence per server; the evidence is in the report. */
public final class TerminalTable {

    private TerminalTable() {}

    /** @return the table, a blank line and the sentences, each line ended */
    public static String render(RunReport report) {
        StringBuilder out =
                new StringBuilder(TextTable.render(Section.Table.of(null, SummaryTable.COLUMNS, report.servers())));
        out.append('\n');
        Headline.partialNotice(report.servers())
                .ifPresent(notice -> out.append(notice).append('\n'));
        report.servers()
                .forEach(server ->
                        out.append(Headline.line(server, report.plan())).append('\n'));
        return out.toString();
    }
}
