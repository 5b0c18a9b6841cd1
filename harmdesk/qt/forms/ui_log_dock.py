# Compiled from ui/log_dock.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHBoxLayout, QHeaderView,
    QLabel, QLineEdit, QSizePolicy, QTreeView,
    QVBoxLayout, QWidget)

class Ui_LogDock(object):
    def setupUi(self, LogDock):
        if not LogDock.objectName():
            LogDock.setObjectName(u"LogDock")
        LogDock.resize(380, 520)
        self.logLayout = QVBoxLayout(LogDock)
        self.logLayout.setObjectName(u"logLayout")
        self.logLayout.setContentsMargins(4, 4, 4, 4)
        self.filterRow = QHBoxLayout()
        self.filterRow.setObjectName(u"filterRow")
        self.filterLabel = QLabel(LogDock)
        self.filterLabel.setObjectName(u"filterLabel")

        self.filterRow.addWidget(self.filterLabel)

        self.filterEdit = QLineEdit(LogDock)
        self.filterEdit.setObjectName(u"filterEdit")
        self.filterEdit.setClearButtonEnabled(True)

        self.filterRow.addWidget(self.filterEdit)


        self.logLayout.addLayout(self.filterRow)

        self.tree = QTreeView(LogDock)
        self.tree.setObjectName(u"tree")
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        self.tree.setAllColumnsShowFocus(True)

        self.logLayout.addWidget(self.tree)

        self.statusLabel = QLabel(LogDock)
        self.statusLabel.setObjectName(u"statusLabel")
        self.statusLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.statusLabel.setWordWrap(True)

        self.logLayout.addWidget(self.statusLabel)

#if QT_CONFIG(shortcut)
        self.filterLabel.setBuddy(self.filterEdit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(LogDock)

        QMetaObject.connectSlotsByName(LogDock)
    # setupUi

    def retranslateUi(self, LogDock):
#if QT_CONFIG(accessibility)
        LogDock.setAccessibleName(QCoreApplication.translate("LogDock", u"Log", None))
#endif // QT_CONFIG(accessibility)
        self.filterLabel.setText(QCoreApplication.translate("LogDock", u"Search lo&g:", None))
#if QT_CONFIG(tooltip)
        self.filterEdit.setToolTip(QCoreApplication.translate("LogDock", u"Show only the log rows whose explanation contains this text.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.filterEdit.setAccessibleName(QCoreApplication.translate("LogDock", u"Filter the log", None))
#endif // QT_CONFIG(accessibility)
        self.filterEdit.setPlaceholderText(QCoreApplication.translate("LogDock", u"name, condition, \"dying\"\u2026", None))
#if QT_CONFIG(accessibility)
        self.tree.setAccessibleName(QCoreApplication.translate("LogDock", u"Log of events by play session", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.tree.setToolTip(QCoreApplication.translate("LogDock", u"Every event with its explanation, newest first. Select one to pick out its characters on the desk.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.statusLabel.setAccessibleName(QCoreApplication.translate("LogDock", u"Log status", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

