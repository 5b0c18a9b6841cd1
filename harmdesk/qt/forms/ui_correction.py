# Compiled from ui/correction.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QDialog,
    QDialogButtonBox, QGroupBox, QHeaderView, QLabel,
    QListWidget, QListWidgetItem, QSizePolicy, QSpacerItem,
    QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

class Ui_CorrectionDialog(object):
    def setupUi(self, CorrectionDialog):
        if not CorrectionDialog.objectName():
            CorrectionDialog.setObjectName(u"CorrectionDialog")
        CorrectionDialog.resize(680, 300)
        self.mainLayout = QVBoxLayout(CorrectionDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.introLabel = QLabel(CorrectionDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.introLabel.setWordWrap(True)
        self.introLabel.setTextInteractionFlags(Qt.TextSelectableByKeyboard|Qt.TextSelectableByMouse)

        self.mainLayout.addWidget(self.introLabel)

        self.affectedBox = QGroupBox(CorrectionDialog)
        self.affectedBox.setObjectName(u"affectedBox")
        self.affectedLayout = QVBoxLayout(self.affectedBox)
        self.affectedLayout.setObjectName(u"affectedLayout")
        self.affectedTable = QTableWidget(self.affectedBox)
        if (self.affectedTable.columnCount() < 3):
            self.affectedTable.setColumnCount(3)
        __qtablewidgetitem = QTableWidgetItem()
        self.affectedTable.setHorizontalHeaderItem(0, __qtablewidgetitem)
        __qtablewidgetitem1 = QTableWidgetItem()
        self.affectedTable.setHorizontalHeaderItem(1, __qtablewidgetitem1)
        __qtablewidgetitem2 = QTableWidgetItem()
        self.affectedTable.setHorizontalHeaderItem(2, __qtablewidgetitem2)
        self.affectedTable.setObjectName(u"affectedTable")
        self.affectedTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.affectedTable.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.affectedTable.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.affectedTable.setWordWrap(True)
        self.affectedTable.setAlternatingRowColors(True)
        self.affectedTable.setColumnCount(3)
        self.affectedTable.horizontalHeader().setStretchLastSection(True)
        self.affectedTable.verticalHeader().setVisible(False)

        self.affectedLayout.addWidget(self.affectedTable)


        self.mainLayout.addWidget(self.affectedBox)

        self.struckBox = QGroupBox(CorrectionDialog)
        self.struckBox.setObjectName(u"struckBox")
        self.struckLayout = QVBoxLayout(self.struckBox)
        self.struckLayout.setObjectName(u"struckLayout")
        self.struckList = QListWidget(self.struckBox)
        self.struckList.setObjectName(u"struckList")
        self.struckList.setWordWrap(True)
        self.struckList.setTextElideMode(Qt.TextElideMode.ElideNone)

        self.struckLayout.addWidget(self.struckList)


        self.mainLayout.addWidget(self.struckBox)

        self.reappliedBox = QGroupBox(CorrectionDialog)
        self.reappliedBox.setObjectName(u"reappliedBox")
        self.reappliedLayout = QVBoxLayout(self.reappliedBox)
        self.reappliedLayout.setObjectName(u"reappliedLayout")
        self.reappliedList = QListWidget(self.reappliedBox)
        self.reappliedList.setObjectName(u"reappliedList")
        self.reappliedList.setWordWrap(True)
        self.reappliedList.setTextElideMode(Qt.TextElideMode.ElideNone)

        self.reappliedLayout.addWidget(self.reappliedList)


        self.mainLayout.addWidget(self.reappliedBox)

        self.previewEnd = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.mainLayout.addItem(self.previewEnd)

        self.messageLabel = QLabel(CorrectionDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)
        self.messageLabel.setVisible(False)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(CorrectionDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(CorrectionDialog)
        self.buttonBox.accepted.connect(CorrectionDialog.accept)
        self.buttonBox.rejected.connect(CorrectionDialog.reject)

        QMetaObject.connectSlotsByName(CorrectionDialog)
    # setupUi

    def retranslateUi(self, CorrectionDialog):
        CorrectionDialog.setWindowTitle(QCoreApplication.translate("CorrectionDialog", u"Correct the log", None))
#if QT_CONFIG(accessibility)
        self.introLabel.setAccessibleName(QCoreApplication.translate("CorrectionDialog", u"What the correction does", None))
#endif // QT_CONFIG(accessibility)
        self.affectedBox.setTitle(QCoreApplication.translate("CorrectionDialog", u"Each character, now and after", None))
        ___qtablewidgetitem = self.affectedTable.horizontalHeaderItem(0)
        ___qtablewidgetitem.setText(QCoreApplication.translate("CorrectionDialog", u"Character", None))
        ___qtablewidgetitem1 = self.affectedTable.horizontalHeaderItem(1)
        ___qtablewidgetitem1.setText(QCoreApplication.translate("CorrectionDialog", u"Now", None))
        ___qtablewidgetitem2 = self.affectedTable.horizontalHeaderItem(2)
        ___qtablewidgetitem2.setText(QCoreApplication.translate("CorrectionDialog", u"After", None))
#if QT_CONFIG(accessibility)
        self.affectedTable.setAccessibleName(QCoreApplication.translate("CorrectionDialog", u"Each character's state now and after the correction", None))
#endif // QT_CONFIG(accessibility)
        self.struckBox.setTitle(QCoreApplication.translate("CorrectionDialog", u"Struck through (they stay in the log, no longer counted)", None))
#if QT_CONFIG(accessibility)
        self.struckList.setAccessibleName(QCoreApplication.translate("CorrectionDialog", u"Entries struck, and why", None))
#endif // QT_CONFIG(accessibility)
        self.reappliedBox.setTitle(QCoreApplication.translate("CorrectionDialog", u"Re-applied as recorded, dice reused", None))
#if QT_CONFIG(accessibility)
        self.reappliedList.setAccessibleName(QCoreApplication.translate("CorrectionDialog", u"Later entries re-applied, the changed ones marked", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("CorrectionDialog", u"Problem with the correction", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

