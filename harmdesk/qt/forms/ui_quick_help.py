# Compiled from ui/quick_help.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QComboBox,
    QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView,
    QLabel, QSizePolicy, QSpacerItem, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget)

class Ui_QuickHelpDialog(object):
    def setupUi(self, QuickHelpDialog):
        if not QuickHelpDialog.objectName():
            QuickHelpDialog.setObjectName(u"QuickHelpDialog")
        QuickHelpDialog.resize(560, 420)
        self.mainLayout = QVBoxLayout(QuickHelpDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.gameRow = QHBoxLayout()
        self.gameRow.setObjectName(u"gameRow")
        self.gameLabel = QLabel(QuickHelpDialog)
        self.gameLabel.setObjectName(u"gameLabel")

        self.gameRow.addWidget(self.gameLabel)

        self.gameCombo = QComboBox(QuickHelpDialog)
        self.gameCombo.setObjectName(u"gameCombo")

        self.gameRow.addWidget(self.gameCombo)

        self.gameSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.gameRow.addItem(self.gameSpacer)


        self.mainLayout.addLayout(self.gameRow)

        self.introLabel = QLabel(QuickHelpDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setWordWrap(True)
        self.introLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.introLabel)

        self.syntaxTable = QTableWidget(QuickHelpDialog)
        if (self.syntaxTable.columnCount() < 2):
            self.syntaxTable.setColumnCount(2)
        __qtablewidgetitem = QTableWidgetItem()
        self.syntaxTable.setHorizontalHeaderItem(0, __qtablewidgetitem)
        __qtablewidgetitem1 = QTableWidgetItem()
        self.syntaxTable.setHorizontalHeaderItem(1, __qtablewidgetitem1)
        self.syntaxTable.setObjectName(u"syntaxTable")
        self.syntaxTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.syntaxTable.setAlternatingRowColors(True)
        self.syntaxTable.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.syntaxTable.setWordWrap(True)
        self.syntaxTable.horizontalHeader().setStretchLastSection(True)
        self.syntaxTable.verticalHeader().setVisible(False)

        self.mainLayout.addWidget(self.syntaxTable)

        self.buttonBox = QDialogButtonBox(QuickHelpDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.StandardButton.Close)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.gameLabel.setBuddy(self.gameCombo)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(QuickHelpDialog)
        self.buttonBox.rejected.connect(QuickHelpDialog.reject)

        QMetaObject.connectSlotsByName(QuickHelpDialog)
    # setupUi

    def retranslateUi(self, QuickHelpDialog):
        QuickHelpDialog.setWindowTitle(QCoreApplication.translate("QuickHelpDialog", u"Quick entry", None))
        self.gameLabel.setText(QCoreApplication.translate("QuickHelpDialog", u"&Game:", None))
#if QT_CONFIG(accessibility)
        self.gameCombo.setAccessibleName(QCoreApplication.translate("QuickHelpDialog", u"Game", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.gameCombo.setToolTip(QCoreApplication.translate("QuickHelpDialog", u"Each game has its own words after the amount", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.introLabel.setAccessibleName(QCoreApplication.translate("QuickHelpDialog", u"How the quick entry works", None))
#endif // QT_CONFIG(accessibility)
        ___qtablewidgetitem = self.syntaxTable.horizontalHeaderItem(0)
        ___qtablewidgetitem.setText(QCoreApplication.translate("QuickHelpDialog", u"Type", None))
        ___qtablewidgetitem1 = self.syntaxTable.horizontalHeaderItem(1)
        ___qtablewidgetitem1.setText(QCoreApplication.translate("QuickHelpDialog", u"What it does", None))
#if QT_CONFIG(accessibility)
        self.syntaxTable.setAccessibleName(QCoreApplication.translate("QuickHelpDialog", u"What the quick entry understands", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

